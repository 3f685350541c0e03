// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * True when a name-like field holds a control character (C0, DEL or C1): a line break or tab
 * has no place in it. The staff form and the API refuse it by the same rule.
 */
export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);
