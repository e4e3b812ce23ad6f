import { Inject, Injectable } from '@nestjs/common';
import type { AgentAttachments, AgentDefinition, AttachmentKind } from '@mb/contracts/types/agent';
import { AppError } from '../common/app-error';
import { type AppConfig, APP_CONFIG } from '../config';
import { ModelVision } from '../llm';

export const DEFAULT_MAX_FILES = 4;
const ALL_KINDS: AttachmentKind[] = ['image', 'document'];

/** What an agent takes, all filled in: the kinds its file names (photos only when its model sees), the limits. */
export interface AcceptedAttachments extends Required<AgentAttachments> {
  /** The agent's file names photos, but its model does not see images: said to the user instead of offered. */
  photosRefusedReason?: string;
}

export const NO_VISION_REASON =
  "This assistant's model can't see images, so photos can't be attached here. Documents work.";

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
    const named = declared.kinds ?? ALL_KINDS;
    const sees = this.vision.of(agent);
    return {
      kinds: named.filter((kind) => kind !== 'image' || sees),
      maxFiles: declared.maxFiles ?? DEFAULT_MAX_FILES,
      maxFileBytes: Math.min(declared.maxFileBytes ?? Infinity, this.config.uploads.maxBytes),
      ...(named.includes('image') && !sees && { photosRefusedReason: NO_VISION_REASON }),
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
          kinds: agent.input.attachments?.kinds ?? ALL_KINDS,
          maxFiles: accepted.maxFiles,
          maxFileBytes: accepted.maxFileBytes,
        },
      },
    };
  }

  assertTakes(agent: AgentDefinition, kind: AttachmentKind): void {
    const accepted = this.of(agent);
    if (accepted.kinds.includes(kind)) return;
    if (kind === 'image' && accepted.photosRefusedReason)
      throw new AppError('UNSUPPORTED_FILE', accepted.photosRefusedReason);
    throw new AppError(
      'UNSUPPORTED_FILE',
      accepted.kinds.length === 0
        ? 'This assistant does not take attachments.'
        : kind === 'image'
          ? 'This assistant takes documents, not photos.'
          : 'This assistant takes photos, not documents.',
    );
  }
}
