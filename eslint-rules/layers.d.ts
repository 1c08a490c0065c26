// The rule's type, for tests that run it under a configuration of their own.
import type { Rule } from "eslint";

declare const rule: Rule.RuleModule;
export default rule;
