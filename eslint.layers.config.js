/** The layer rules of eslint.config.js alone, without type information: `npm run lint:layers`. */
export { layerRules as default } from './eslint.config.js';
