// The ESLint rule `layers/direction`: imports point one way. Each file under the source root belongs to
// the layer whose path matches it most closely (a folder "mass/" or a file "app.ts"); a relative import
// is resolved to the file it names, and it is reported when that file's layer is not one the importer's
// layer may use. A file that no layer claims is reported too, so a new folder gets its place in the
// table. With `apart` (a folder, "dev/"), nothing outside that folder may import anything inside it,
// whatever the table says: the development tools stay out of what ships. With `faces` (a folder of
// modules, "bot/features/", and the files that are a module's face), a file outside one module may
// import only its face (its index.ts and callback-data.ts), never what is inside. An import against the
// table whose target's layer may import the importer's is reported as running back up. A layer's
// `never` lists packages it may not import at all ("grammy" also forbids "grammy/types"; "@grammyjs/" a
// whole scope), for an engine that must not know the library the bot is built on. Specifiers are resolved by
// path alone (no resolver, no file system), so the rule is exact for the relative `.js` specifiers
// this code base writes, whatever the depth of the importing file.
import path from "node:path";

/** The layer of `file` (relative to the root, with "/"): the one whose path matches most closely. */
function layerOf(layers, file) {
  let best;
  for (const [name, layer] of Object.entries(layers)) {
    for (const p of layer.paths) {
      const hit = p.endsWith("/") ? file.startsWith(p) : file === p;
      if (hit && (!best || p.length > best.length)) best = { name, length: p.length };
    }
  }
  return best?.name;
}

/** "x.js" as the source file it names ("x.ts"): the code base imports its TypeScript files by their output names. */
const sourceName = (file) => file.replace(/\.js$/, ".ts");

export default {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the layering of the source tree (a table of layers and what each may import)." },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          apart: { type: "string" },
          faces: {
            type: "object",
            properties: { folder: { type: "string" }, files: { type: "array", items: { type: "string" } } },
            required: ["folder", "files"],
            additionalProperties: false,
          },
          layers: {
            type: "object",
            additionalProperties: {
              type: "object",
              properties: {
                paths: { type: "array", items: { type: "string" } },
                may: { type: "array", items: { type: "string" } },
                never: { type: "array", items: { type: "string" } },
              },
              required: ["paths", "may"],
              additionalProperties: false,
            },
          },
        },
        required: ["root", "layers"],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: "{{from}} may not import {{to}} ({{target}}); {{from}} may import: {{allowed}}.",
      back: "{{from}} may not import {{to}} ({{target}}): the import runs back up, {{to}} is built on {{from}}.",
      inside:
        "{{file}} may not import {{target}}: from outside {{module}} only its face ({{files}}) is imported; export what others use from there, or move what several share to a shared place.",
      apart:
        "{{file}} ships and may not import {{target}}: only what is under {{root}}/{{apart}} (the development tools) imports it; tests and benchmarks may.",
      package: "{{from}} may not import {{target}}; {{from}} never imports: {{never}}.",
      unplaced: "{{file}} is in no layer: give its folder a place in the layers table (eslint.config.js).",
    },
  },
  create(context) {
    const { root, layers, apart, faces } = context.options[0];
    const rootDir = path.resolve(context.cwd, root);
    const relative = (absolute) => path.relative(rootDir, absolute).split(path.sep).join("/");
    const file = relative(context.filename);
    if (file.startsWith("../") || path.isAbsolute(file)) return {};
    const from = layerOf(layers, file);
    /** The module under `faces.folder` that holds `f` ("bot/features/trade/"), if any, and the rest of its path. */
    const moduleOf = (f) => {
      if (!faces || !f.startsWith(faces.folder)) return undefined;
      const rest = f.slice(faces.folder.length);
      const slash = rest.indexOf("/");
      return slash < 0 ? undefined : { module: faces.folder + rest.slice(0, slash + 1), inner: rest.slice(slash + 1) };
    };
    const home = moduleOf(file)?.module;

    /** Whether `specifier` (a package's, not a path) is one of the packages `never` names. */
    const shunned = (never, specifier) =>
      never.some((p) => (p.endsWith("/") ? specifier.startsWith(p) : specifier === p || specifier.startsWith(`${p}/`)));

    const check = (source) => {
      if (!source || typeof source.value !== "string") return;
      if (!source.value.startsWith(".")) {
        const never = (from && layers[from].never) || [];
        if (shunned(never, source.value)) {
          context.report({ node: source, messageId: "package", data: { from, target: source.value, never: never.join(", ") } });
        }
        return;
      }
      const target = relative(sourceName(path.resolve(path.dirname(context.filename), source.value)));
      if (target.startsWith("../") || !from) return;
      const to = layerOf(layers, target);
      const there = moduleOf(target);
      if (there && there.module !== home && !faces.files.includes(there.inner)) {
        context.report({
          node: source,
          messageId: "inside",
          data: { file: `${root}/${file}`, target: `${root}/${target}`, module: `${root}/${there.module}`, files: faces.files.join(", ") },
        });
        return;
      }
      if (apart && target.startsWith(apart) && !file.startsWith(apart)) {
        context.report({ node: source, messageId: "apart", data: { file: `${root}/${file}`, target: `${root}/${target}`, root, apart } });
      } else if (!to) {
        context.report({ node: source, messageId: "unplaced", data: { file: `${root}/${target}` } });
      } else if (to !== from && !layers[from].may.includes(to) && layers[to].may.includes(from)) {
        context.report({ node: source, messageId: "back", data: { from, to, target: `${root}/${target}` } });
      } else if (to !== from && !layers[from].may.includes(to)) {
        const allowed = layers[from].may.join(", ") || "nothing outside itself";
        context.report({ node: source, messageId: "forbidden", data: { from, to, target: `${root}/${target}`, allowed } });
      }
    };

    return {
      Program(node) {
        if (!from) context.report({ node, messageId: "unplaced", data: { file: `${root}/${file}` } });
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
