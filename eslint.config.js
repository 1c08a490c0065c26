// ESLint (flat config): JavaScript recommended rules plus typescript-eslint's recommended and
// stylistic sets. Biome was dropped because its per-platform binaries are not all on the registry
// mirror this project installs from, which breaks `npm ci`.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "data/", "coverage/", "dist/", ".tools/", ".bench/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
      "prefer-const": "error",
    },
  },
  {
    // CSV that people open goes through src/domain/spreadsheet-csv.ts, which keeps cells from being read
    // as formulas; parse.ts writes CSV only as the canonical text it hashes.
    files: ["src/**/*.ts"],
    ignores: ["src/domain/spreadsheet-csv.ts", "src/bot/features/mass/parse.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["csv-stringify", "csv-stringify/*"], message: "Write CSV with spreadsheetCsv (src/domain/spreadsheet-csv.ts)." },
          ],
        },
      ],
    },
  },
  {
    // The simulator's, the benchmark's and rotate-keys' entry points print their addresses, figures and counts.
    files: ["src/simulator/main.ts", "src/rotate-keys.ts", "bench/**/*.ts", "test/**/*.ts"],
    rules: { "no-console": "off" },
  },
);
