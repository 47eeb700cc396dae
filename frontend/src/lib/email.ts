/** A loose check for an e-mail address (the server has the final word): something@something.tld, no spaces. */
export const isValidEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
