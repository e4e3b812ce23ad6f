/** Who said a message, read out before it by a screen reader (the bubbles tell them apart by look only). */
export const speakerLabels = { user: 'You', assistant: 'Assistant' } as const;
