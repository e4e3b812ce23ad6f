import { messageText, type ModelAttachment, type ModelMessage, toSdkMessage } from './model-message';

const photo: ModelAttachment = {
  type: 'image',
  kind: 'image',
  id: 'p1',
  name: 'hall.jpg',
  read: 'the whole image',
  dataUrl: 'data:image/jpeg;base64,AAAA',
  tokens: 765,
};
const notes: ModelAttachment = {
  type: 'text',
  kind: 'document',
  id: 'd1',
  name: 'the "survey".pdf',
  read: 'pages 2-3 of 9',
  text: '[page 2]\nThe joists sag.',
};

describe(messageText.name, () => {
  it('reads the message, then each file read as text under its kind, name and what of it was read', () => {
    const message: ModelMessage = { role: 'user', content: 'Is it safe?', attachments: [photo, notes] };

    expect(messageText(message)).toBe(
      'Is it safe?\n\n' +
        `<document name="the 'survey'.pdf" read="pages 2-3 of 9">\n[page 2]\nThe joists sag.\n</document>`,
    );
  });

  it('is the message alone when no file is read as text', () => {
    expect(messageText({ role: 'user', content: 'Look', attachments: [photo] })).toBe('Look');
  });
});

describe(toSdkMessage.name, () => {
  it('sends a user message with pictures as its text then each picture at high detail', () => {
    const message: ModelMessage = { role: 'user', content: 'Is it safe?', attachments: [notes, photo] };

    expect(toSdkMessage(message)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: messageText(message) },
        { type: 'image_url', image_url: { url: photo.dataUrl, detail: 'high' } },
      ],
    });
  });

  it('sends a user message whose files are all text as plain text', () => {
    const message: ModelMessage = { role: 'user', content: 'Is it safe?', attachments: [notes] };

    expect(toSdkMessage(message)).toEqual({ role: 'user', content: messageText(message) });
  });
});
