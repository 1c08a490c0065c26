import fs from "node:fs";
const p = JSON.parse(fs.readFileSync(process.argv[2]));
const dt = new Map(); // node id -> self time
const byId = new Map(p.nodes.map(n=>[n.id,n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children??[]) parent.set(c, n.id);
for (let i=0;i<p.samples.length;i++){ dt.set(p.samples[i],(dt.get(p.samples[i])??0)+(p.timeDeltas[i]??0)); }
let total=0; for (const v of dt.values()) total+=v;
const self = new Map(), file = new Map(), incl = new Map();
for (const [id,t] of dt){ const n=byId.get(id); const cf=n.callFrame; const k=`${cf.functionName||'(anon)'} ${cf.url.replace(/.*node_modules\//,'nm:').replace(/.*\/work\/main\//,'')}:${cf.lineNumber}`; self.set(k,(self.get(k)??0)+t);
 let f=cf.url.replace(/.*node_modules\//,'nm:').replace(/.*\/work\/main\//,''); if(f.startsWith('nm:')) f=f.split('/').slice(0,f.startsWith('nm:@')?2:1).join('/'); file.set(f,(file.get(f)??0)+t);
 // inclusive by ancestors (dedupe)
 const seen=new Set(); let cur=id; while(cur!==undefined){ const m=byId.get(cur); const kk=`${m.callFrame.functionName||'(anon)'} ${m.callFrame.url.replace(/.*\/work\/main\//,'').replace(/.*node_modules\//,'nm:')}:${m.callFrame.lineNumber}`; if(!seen.has(kk)){seen.add(kk); incl.set(kk,(incl.get(kk)??0)+t);} cur=parent.get(cur);} }
const top=(m,n)=>[...m].sort((a,b)=>b[1]-a[1]).slice(0,n).map(([k,v])=>`${(v/total*100).toFixed(1)}%  ${k}`).join("\n");
console.log("total ms", (total/1000).toFixed(0));
console.log("== by file\n"+top(file,25));
console.log("== self\n"+top(self,30));
console.log("== inclusive\n"+top(incl,60));
