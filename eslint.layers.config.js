/**
 * The layer rules of eslint.config.js alone, without type information: `npm run lint:layers`. The plugins whose rules
 * the code's disable comments name are loaded (with none of their rules on), so those comments name known rules, and
 * a comment is not called unused here for a rule this quick run does not check.
 */
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { layerRules } from './eslint.config.js';

export default [
  ...layerRules,
  { plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks }, linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
