import { Inject, Injectable } from '@nestjs/common';
import {
  ATTACHMENT_KIND_TRAITS,
  attachmentPolicyTexts,
  DEFAULT_ATTACHMENT_KINDS,
  DEFAULT_MAX_FILES,
  offeredKinds,
} from '@mb/contracts/attachment-policy';
import type { AgentAttachments, AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { AppError } from '../common/app-error';
import { type AppConfig, APP_CONFIG } from '../config';
import { ModelVision } from '../llm';

/** What an agent takes, all filled in: the kinds its file names (those needing vision only when its model sees), the limits. */
export interface AcceptedAttachments extends Required<AgentAttachments> {
  /** The agent's file names kinds its model cannot see: said to the user instead of offering them. */
  blindNote?: string;
}

/** The agent file's `input.attachments` and `model.vision`, resolved against the server's limits and model table. */
@Injectable()
export class AttachmentPolicy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly vision: ModelVision,
  ) {}

  of(agent: AgentDefinition): AcceptedAttachments {
    if (agent.input.attach !== 'upload') return { kinds: [], maxFiles: 0, maxFileBytes: 0 };
    const declared = agent.input.attachments ?? {};
    const offered = offeredKinds(declared.kinds, this.vision.of(agent));
    const blindNote = attachmentPolicyTexts.blindNote(offered);
    return {
      kinds: offered.kinds,
      maxFiles: declared.maxFiles ?? DEFAULT_MAX_FILES,
      maxFileBytes: Math.min(declared.maxFileBytes ?? Infinity, this.config.uploads.maxBytes),
      ...(blindNote && { blindNote }),
    };
  }

  /** The definition a browser gets: `model.vision` and `input.attachments` as this server resolves them. */
  resolved(agent: AgentDefinition): AgentDefinition {
    if (agent.input.attach !== 'upload') return agent;
    const accepted = this.of(agent);
    return {
      ...agent,
      model: { ...agent.model, vision: this.vision.of(agent) },
      input: {
        ...agent.input,
        attachments: {
          kinds: agent.input.attachments?.kinds ?? [...DEFAULT_ATTACHMENT_KINDS],
          maxFiles: accepted.maxFiles,
          maxFileBytes: accepted.maxFileBytes,
        },
      },
    };
  }

  assertTakes(agent: AgentDefinition, kind: AttachmentKind): void {
    const accepted = this.of(agent);
    if (accepted.kinds.includes(kind)) return;
    if (ATTACHMENT_KIND_TRAITS[kind].needsVision && accepted.blindNote)
      throw new AppError('UNSUPPORTED_FILE', accepted.blindNote);
    throw new AppError('UNSUPPORTED_FILE', attachmentPolicyTexts.notTaken(kind, accepted.kinds));
  }
}
