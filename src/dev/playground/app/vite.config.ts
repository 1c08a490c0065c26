// The playground page: plain TypeScript and CSS, bundled by Vite into dist-dev/playground-app, which the
// playground server serves (no CDN, nothing fetched at run time).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: "/",
  publicDir: false,
  build: {
    outDir: resolve(here, "../../../../dist-dev/playground-app"),
    emptyOutDir: true,
    target: "es2022",
  },
});
