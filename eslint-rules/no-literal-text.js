// Every text a user can see or hear lives in the catalogues (apps/web/src/locales), in both
// languages. This rule finds text written into JSX instead: element text, string children and the
// attributes that are read out or shown (aria-label, title, placeholder, alt, ...). Text without a
// letter (punctuation, "·", "—", numbers) is not language and passes; so do names that are the same
// in every language, listed in `allow` (the product's name).

const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'title',
  'placeholder',
  'alt',
  'label',
]);

// Props of the app's own components that carry text to show.
const SENTENCE_PROPS = new Set([
  'description',
  'message',
  'hint',
  'heading',
  'text',
  'caption',
  'empty',
]);

const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'user-visible text in JSX must come from the i18n catalogues' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        'User-visible text "{{text}}" is written here; put it in both catalogues (locales/tr.json, locales/en.json) and use t().',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const isText = (text) => {
      const trimmed = text.trim();
      return trimmed !== '' && LETTER.test(trimmed) && !allow.has(trimmed);
    };
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    const templateText = (node) => node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
    const check = (node) => {
      if (!node) return;
      if (node.type === 'Literal' && typeof node.value === 'string' && isText(node.value))
        report(node, node.value);
      else if (node.type === 'TemplateLiteral' && isText(templateText(node)))
        report(node, templateText(node));
      else if (node.type === 'ConditionalExpression') {
        check(node.consequent);
        check(node.alternate);
      } else if (node.type === 'LogicalExpression') check(node.right);
    };
    return {
      JSXText(node) {
        if (isText(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment')
          check(node.expression);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !node.value) return;
        if (!VISIBLE_ATTRIBUTES.has(name) && !SENTENCE_PROPS.has(name)) return;
        if (node.value.type === 'Literal') check(node.value);
        else if (node.value.type === 'JSXExpressionContainer') check(node.value.expression);
      },
    };
  },
};

export default { rules: { 'no-literal-text': rule } };
