/**
 * Stylelint rule `beyond/hover-only-where-it-hovers`: a `:hover` style belongs inside
 * `@media (hover: hover)`. A phone has no pointer that hovers: it gives the tapped element
 * `:hover` and keeps it there until the next tap elsewhere, so a stepper, a button or a menu
 * link stayed tinted after the visitor had let go (decision record 29, "Then: hover styles
 * only where a pointer hovers").
 */
import stylelint from "stylelint";

const ruleName = "beyond/hover-only-where-it-hovers";

const messages = stylelint.utils.ruleMessages(ruleName, {
  outside: (selector: string) =>
    `"${selector}" styles :hover outside @media (hover: hover), where a tap would leave it on`,
});

const HOVER = /:hover\b/;
const HOVER_MEDIA = /\(\s*hover\s*:\s*hover\s*\)/;

/** The part of a stylesheet node this rule reads: its parents, and an at-rule's name. */
interface StyleNode {
  type: string;
  parent?: StyleNode | undefined;
  name?: string;
  params?: string;
}

function insideHoverMedia(node: StyleNode): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (
      parent.type === "atrule" &&
      parent.name?.toLowerCase() === "media" &&
      HOVER_MEDIA.test(parent.params ?? "")
    )
      return true;
  }
  return false;
}

const check =
  (primary: unknown): ReturnType<stylelint.Rule> =>
  (root, result) => {
    if (primary !== true) return;
    root.walkRules((node) => {
      if (!HOVER.test(node.selector) || insideHoverMedia(node)) return;
      stylelint.utils.report({
        ruleName,
        result,
        node,
        message: messages.outside(node.selector),
      });
    });
  };

const rule: stylelint.Rule = Object.assign(check, { ruleName, messages });

export default stylelint.createPlugin(ruleName, rule);
