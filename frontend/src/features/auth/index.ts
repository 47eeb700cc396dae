/** What other features use of sign-in: the account dialog, and the e-mail code sign-in the cart dialog embeds. */
export { readSmartSignIn, smartSignIn } from './api/smart-sign-in';
export { CART_CHECKOUT_WELCOME, completeInstantSignIn, REDIRECT_DELAY_MS } from './complete-sign-in';
export { useOpenAccountDialog } from './components/account-dialog-provider';
export { CodeForm, useCodeSignIn } from './components/code-step';
export { SignInPrompt } from './components/sign-in-prompt';
