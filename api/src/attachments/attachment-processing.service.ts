import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, unlink, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { attachmentPolicyTexts } from '@mb/contracts/attachment-policy';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import { AttachmentPolicy } from '../agents';
import { AppError } from '../common/app-error';
import { Slots } from '../common/slots';
import { type AppConfig, APP_CONFIG } from '../config';
import type { NewAttachment } from './attachment.store';
import type { FileOnDisk } from './kinds/attachment-kind-handler';
import { claimOf, NO_KIND } from './kinds/attachment-kinds';
import { FileRefusal } from './processing/file-refusal';
import { displayName, fileTooLarge } from './upload-receiver';

const HEAD_BYTES = 4096;

async function headOf(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

const refusalError = (refusal: FileRefusal) =>
  new AppError(refusal.reason === 'unsupported' ? 'UNSUPPORTED_FILE' : 'UNREADABLE_FILE', refusal.message);

/**
 * What every incoming file goes through, an upload or a file in an imported chat: given to the kind that claims
 * its bytes (never its name or declared type, kinds/), checked against what the agent takes, and made safe by
 * that kind. Answers what to store; refusals are AppErrors a user can act on.
 */
@Injectable()
export class AttachmentProcessing implements OnApplicationShutdown {
  /**
   * A 12 MP photo decodes to about 48 MB of pixels: ten uploads at once must not become ten of those, so at most
   * two files are decoded at once and the others wait their turn on disk, not in memory.
   */
  private readonly slots = new Slots(Math.max(1, Math.min(2, availableParallelism())));
  private readonly dir = mkdtempSync(join(tmpdir(), 'mb-files-'));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly policy: AttachmentPolicy,
  ) {}

  async process(agent: AgentDefinition, file: FileOnDisk): Promise<NewAttachment> {
    try {
      return await this.slots.run(() => this.judge(agent, file));
    } catch (error) {
      throw error instanceof FileRefusal ? refusalError(error) : error;
    }
  }

  /** Bytes held in memory (a file of an imported chat): written to a private temporary file and processed as an upload. */
  async processBytes(agent: AgentDefinition, bytes: Buffer, name: string): Promise<NewAttachment> {
    const accepted = this.policy.of(agent);
    if (!accepted.kinds.length && !accepted.blindNote)
      throw new AppError('UNSUPPORTED_FILE', attachmentPolicyTexts.none);
    if (bytes.length > accepted.maxFileBytes) throw fileTooLarge(accepted.maxFileBytes);
    if (!bytes.length) throw new AppError('UNREADABLE_FILE', 'This file is empty.');
    const path = join(this.dir, randomUUID());
    await writeFile(path, bytes, { mode: 0o600 });
    try {
      return await this.process(agent, { path, name: displayName(name) });
    } finally {
      await unlink(path).catch(() => undefined);
    }
  }

  private async judge(agent: AgentDefinition, file: FileOnDisk): Promise<NewAttachment> {
    const claimed = claimOf(await headOf(file.path));
    if (!claimed) throw new AppError('UNSUPPORTED_FILE', NO_KIND);
    const { handler, claim } = claimed;
    if (claim === 'claimed') this.policy.assertTakes(agent, handler.kind);
    const kept = await handler.process(file, { imageMaxEdge: this.config.uploads.imageMaxEdge });
    return { agentType: agent.id, kind: handler.kind, name: file.name, ...kept };
  }

  onApplicationShutdown(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
