/**
 * A rejected baseline version says why (issue 29): the reason, trimmed, is 1 to this many
 * characters. The server refuses longer ones; the dialog stops typing there.
 */
export const REJECTION_REASON_MAX_LENGTH = 500;
