/** The label's brand strings, from the one config module the whole product shares. */
export { brand } from '../../../events/brand';
