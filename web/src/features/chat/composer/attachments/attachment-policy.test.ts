import { describe, expect, it } from 'vitest';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { attachmentPolicy as sut, guessKind, refusalOf } from './attachment-policy';

type Definition = Pick<AgentDefinition, 'input' | 'model'>;

const MB = 1024 * 1024;

const agentTaking = (
  attachments: AgentDefinition['input']['attachments'],
  vision: boolean | undefined,
): Definition => ({
  input: { send: 'enter', placeholder: 'Type a message...', minHeight: 50, attach: 'upload', attachments },
  model: { name: 'gpt-4o-mini', temperature: 0.7, maxTokens: 1000, vision },
});

const seeingAgent = agentTaking({ kinds: ['image', 'document'], maxFiles: 3, maxFileBytes: 25 * MB }, true);
const blindAgent = agentTaking({ kinds: ['image', 'document'], maxFiles: 3, maxFileBytes: 25 * MB }, false);
const documentsOnlyAgent = agentTaking({ kinds: ['document'], maxFiles: 3, maxFileBytes: 25 * MB }, true);

const file = (name: string, type = '', size = 10) => {
  const made = new File(['x'], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe(sut.name, () => {
  it('offers photos and documents to a model that sees images, and lists both in the picker', () => {
    const policy = sut(seeingAgent);

    expect(policy.kinds).toEqual(['image', 'document']);
    expect(policy.blindNote).toBeNull();
    expect(policy.accept.split(',')).toEqual(
      expect.arrayContaining(['image/*', '.heic', '.heif', '.pdf', '.docx', '.txt', '.md', '.csv', '.json', '.py']),
    );
  });

  it('offers documents only, with a note saying why, when the model cannot see images', () => {
    const policy = sut(blindAgent);

    expect(policy.kinds).toEqual(['document']);
    expect(policy.blindNote).toBe(
      "This assistant's model can't see images, so photos can't be attached here. Documents work.",
    );
    expect(policy.accept).not.toContain('image/');
    expect(policy.accept).not.toContain('.heic');
    expect(policy.accept).toContain('.pdf');
  });

  it('treats an unknown vision as blind, and has no note for an agent that never took photos', () => {
    expect(sut(agentTaking({ kinds: ['image'] }, undefined))).toMatchObject({
      kinds: [],
      blindNote: "This assistant's model can't see images, so photos can't be attached here.",
    });
    expect(sut(documentsOnlyAgent).blindNote).toBeNull();
  });

  it('uses the server’s defaults when the agent file gives no attachments (4 files, photos and documents)', () => {
    const policy = sut(agentTaking(undefined, true));

    expect(policy).toMatchObject({ kinds: ['image', 'document'], maxFiles: 4, maxFileBytes: undefined });
  });
});

describe(guessKind.name, () => {
  it.each([
    ['photo.jpg', 'image/jpeg', 'image'],
    ['IMG_0001.HEIC', '', 'image'],
    ['report.pdf', 'application/pdf', 'document'],
    ['notes.md', '', 'document'],
    ['main.rs', '', 'document'],
    ['readme', 'text/plain', 'document'],
    ['archive.zip', 'application/zip', undefined],
  ])('guesses %s (%s) is %s', (name, type, kind) => {
    expect(guessKind(file(name, type))).toBe(kind);
  });
});

describe(refusalOf.name, () => {
  it('refuses a file over the agent’s limit, saying its size and the limit', () => {
    const big = file('scan.pdf', 'application/pdf', 32_715_571);

    expect(refusalOf(big, sut(seeingAgent))).toBe('scan.pdf is 31.2 MB; this assistant takes files up to 25 MB.');
  });

  it('refuses a photo with the vision note when the model cannot see images', () => {
    expect(refusalOf(file('cat.png', 'image/png'), sut(blindAgent))).toBe(
      "cat.png is a photo, and this assistant's model can't see images.",
    );
  });

  it('refuses a kind the agent does not take, and a file that is neither kind', () => {
    expect(refusalOf(file('cat.png', 'image/png'), sut(agentTaking({ kinds: ['document'] }, true)))).toBe(
      "cat.png can't be attached: this assistant takes PDF, Word, text, Markdown, CSV, JSON and source files.",
    );
    expect(refusalOf(file('archive.zip', 'application/zip'), sut(seeingAgent))).toBe(
      "archive.zip can't be attached: this assistant takes photos and PDF, Word, text, Markdown, CSV, JSON and source files.",
    );
    expect(refusalOf(file('plan.pdf', 'application/pdf'), sut(agentTaking({ kinds: ['image'] }, true)))).toBe(
      "plan.pdf can't be attached: this assistant takes photos only.",
    );
  });

  it('takes a photo and a document within the limits', () => {
    expect(refusalOf(file('cat.png', 'image/png', 2 * MB), sut(seeingAgent))).toBeNull();
    expect(refusalOf(file('plan.docx', '', 2 * MB), sut(seeingAgent))).toBeNull();
  });
});
