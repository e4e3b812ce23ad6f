import {
  attachmentPolicyTexts,
  DEFAULT_ATTACHMENT_KINDS,
  DEFAULT_MAX_FILES,
  offeredKinds,
} from '@mb/contracts/attachment-policy';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { fixtureAgent } from '../../test/support/fixture-agents';
import type { AppConfig } from '../config';
import { ModelVision } from '../llm';
import { AttachmentPolicy } from './attachment-policy';

const MB = 1024 * 1024;

describe('the shared attachment policy (@mb/contracts/attachment-policy)', () => {
  it('takes every kind, 4 files per message, when an agent file names none', () => {
    expect(DEFAULT_ATTACHMENT_KINDS).toEqual(['image', 'document']);
    expect(DEFAULT_MAX_FILES).toBe(4);
    expect(offeredKinds(undefined, true)).toEqual({ kinds: ['image', 'document'], unseen: [] });
  });

  it('holds back the kinds that need vision from a model that does not see images, and says so', () => {
    const blind = offeredKinds(['image', 'document'], false);

    expect(blind).toEqual({ kinds: ['document'], unseen: ['image'] });
    expect(attachmentPolicyTexts.blindNote(blind)).toBe(
      "This assistant's model can't see images, so photos can't be attached here. Documents work.",
    );
    expect(attachmentPolicyTexts.blindNote(offeredKinds(['image'], false))).toBe(
      "This assistant's model can't see images, so photos can't be attached here.",
    );
    expect(attachmentPolicyTexts.blindNote(offeredKinds(['image', 'document'], true))).toBeNull();
    expect(attachmentPolicyTexts.blindNote(offeredKinds(['document'], false))).toBeNull();
  });

  it('words a file refused by the vision rule, and a kind the agent does not take', () => {
    expect(attachmentPolicyTexts.blindRefusal('cat.png', 'image')).toBe(
      "cat.png is a photo, and this assistant's model can't see images.",
    );
    expect(attachmentPolicyTexts.notTaken('image', ['document'])).toBe('This assistant takes documents, not photos.');
    expect(attachmentPolicyTexts.notTaken('document', ['image'])).toBe('This assistant takes photos, not documents.');
    expect(attachmentPolicyTexts.notTaken('document', [])).toBe('This assistant does not take attachments.');
  });
});

describe(AttachmentPolicy.name, () => {
  const config = { uploads: { maxBytes: 20 * MB, imageMaxEdge: 2048 }, openai: { model: 'gpt-4o-mini' } } as AppConfig;
  const sut = new AttachmentPolicy(config, new ModelVision(config));
  const refusalOf = (agent: AgentDefinition, kind: 'image' | 'document') => {
    try {
      sut.assertTakes(agent, kind);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('fills in the shared defaults and the server’s file limit for an agent file that names no attachments', () => {
    const agent = fixtureAgent('takes-photos-and-documents');

    expect(sut.of(agent)).toEqual({ kinds: ['image', 'document'], maxFiles: 4, maxFileBytes: 20 * MB });
    expect(sut.resolved(agent).input.attachments).toEqual({
      kinds: ['image', 'document'],
      maxFiles: 4,
      maxFileBytes: 20 * MB,
    });
  });

  it('refuses a photo for a model without vision in the shared note, and takes its documents', () => {
    const agent = fixtureAgent('model-without-vision');

    expect(sut.of(agent)).toMatchObject({
      kinds: ['document'],
      blindNote: attachmentPolicyTexts.blindNote(offeredKinds(undefined, false)),
    });
    expect(refusalOf(agent, 'image')).toBe(
      "This assistant's model can't see images, so photos can't be attached here. Documents work.",
    );
    expect(refusalOf(agent, 'document')).toBeUndefined();
  });

  it('refuses a kind the agent file leaves out, and everything for an agent that takes no uploads', () => {
    expect(refusalOf(fixtureAgent('takes-documents-only'), 'image')).toBe(
      'This assistant takes documents, not photos.',
    );
    expect(refusalOf(fixtureAgent('default-assistant'), 'document')).toBe('This assistant does not take attachments.');
  });
});
