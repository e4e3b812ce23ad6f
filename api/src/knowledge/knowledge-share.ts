/**
 * The knowledge's share of what one message may take of the model's window: half. Given whole when it fits that
 * share, it takes only what it needs; otherwise it is chosen by passages within it. The message (with its files) and
 * the recent conversation keep the rest, so a long chat and an attached document still fit beside it.
 */
export const KNOWLEDGE_SHARE = 0.5;
