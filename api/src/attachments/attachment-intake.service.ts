import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { attachmentPolicyTexts } from '@mb/contracts/attachment-policy';
import type { Request } from 'express';
import { ownerOf, type Viewer } from '../access';
import { agentRefused, AgentRegistry, AttachmentPolicy, mayUse } from '../agents';
import { AppError } from '../common/app-error';
import { type AttachmentMeta, AttachmentStore } from './attachment.store';
import { AttachmentProcessing } from './attachment-processing.service';
import { UploadReceiver } from './upload-receiver';

/**
 * An upload, from the request to a stored attachment: streamed to disk within the agent's limit, judged by its
 * bytes (never its name or declared type), made safe (a photo upright, stripped and downscaled; a document read
 * into text), and stored. Nothing is kept of a file that is refused.
 */
@Injectable()
export class AttachmentIntake implements OnApplicationShutdown {
  private readonly receiver = new UploadReceiver();

  constructor(
    private readonly agents: AgentRegistry,
    private readonly policy: AttachmentPolicy,
    private readonly processing: AttachmentProcessing,
    private readonly store: AttachmentStore,
  ) {}

  async upload(agentType: unknown, req: Request, viewer: Viewer): Promise<AttachmentMeta> {
    const agent = typeof agentType === 'string' ? this.agents.get(agentType) : undefined;
    if (!agent) {
      req.res?.setHeader('Connection', 'close');
      throw AppError.validation([
        typeof agentType === 'string' ? `agentType "${agentType}" is not a known agent` : 'agentType is required',
      ]);
    }
    if (!mayUse(viewer, agent)) {
      req.res?.setHeader('Connection', 'close');
      throw agentRefused(agent);
    }
    const accepted = this.policy.of(agent);
    if (!accepted.kinds.length && !accepted.blindNote) {
      req.res?.setHeader('Connection', 'close');
      throw new AppError('UNSUPPORTED_FILE', attachmentPolicyTexts.none);
    }
    const file = await this.receiver.receive(req, accepted.maxFileBytes);
    try {
      return await this.store.insert(await this.processing.process(agent, file), ownerOf(viewer));
    } finally {
      await this.receiver.discard(file);
    }
  }

  onApplicationShutdown(): void {
    this.receiver.close();
  }
}
