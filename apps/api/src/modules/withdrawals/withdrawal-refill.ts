/** The start of an operator's note on a withdrawal that waits for the hot wallet to be refilled (issue 43). */
export const REFILL_NOTE = 'waiting for the hot wallet to be refilled';
/** The reason the member's withdrawal record carries meanwhile (the web shows it translated). */
export const MEMBER_REFILL_REASON = 'waiting for the hot wallet to be refilled';
