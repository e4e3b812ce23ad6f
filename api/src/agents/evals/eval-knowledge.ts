import { Logger } from '@nestjs/common';
import type { AgentDefinition } from '@mb/contracts/types/agent';
import type { Clock } from '../../common/clock';
import type { AppConfig } from '../../config';
import { openBesideTheServer } from '../../database';
import { KNOWLEDGE_SHARE, knowledgeQuestion, knowledgeWithoutNest } from '../../knowledge';
import { ContextWindows, messageBudget, messageTokens } from '../../llm';
import type { EvalKnowledge } from './run-evals';

/** How long a run waits for its agents' files to be read before the first case (a chat waits KNOWLEDGE_WAIT_MS). */
const READING_MS = 10 * 60_000;

export interface OpenedEvalKnowledge extends EvalKnowledge {
  close(): Promise<void>;
}

/** Why a run cannot read knowledge: said instead of running (exit 2). */
export class EvalKnowledgeRefusal extends Error {}

/** The server's database; the embedded one only while no server holds DATA_DIR. */
const openDatabase = (config: AppConfig, clock: Clock) =>
  openBesideTheServer(
    config,
    (pid, dataDir) =>
      new EvalKnowledgeRefusal(
        `the server (process ${pid}) holds the embedded database in ${dataDir}, where cases that check citations ` +
          'read the knowledge, and only one process can open it: stop the server, or run the evals with its DATABASE_URL',
      ),
    { clock },
  );

/**
 * The agents' knowledge for a run of evals, as the server gives it to a chat turn: read into the server's database by
 * its indexer (a file already read there is not read again), then given whole when it fits the call's share of the
 * window, else by the passages that matter for the question. Resolves once every file of `agents` is read. The
 * services' log lines (a file read, the database started) go to `say`, the run's progress, not to the table's output.
 */
export async function openEvalKnowledge(
  config: AppConfig,
  agents: AgentDefinition[],
  say: (line: string) => void,
  clock: Clock,
): Promise<OpenedEvalKnowledge> {
  const toSay = (message: unknown) => say(String(message));
  Logger.overrideLogger({ log: toSay, warn: toSay, error: toSay });
  const database = await openDatabase(config, clock);
  const opened = knowledgeWithoutNest(database.db, config, clock);
  const windows = new ContextWindows(config);
  const shut = async () => {
    opened.close();
    await database.close();
  };
  try {
    await opened.readFilesOf(agents, READING_MS);
  } catch (error) {
    await shut();
    throw error;
  }
  return {
    ground(agent, request) {
      const [system, ...conversation] = request.messages;
      const windowTokens = windows.windowOf(request.model, agent.model.contextWindow);
      const room = messageBudget({ systemPrompt: system.content, maxTokens: request.maxTokens, windowTokens });
      const newest = conversation.at(-1);
      const left = room - (newest ? messageTokens(newest) : 0);
      const budget = Math.max(0, Math.min(Math.floor(room * KNOWLEDGE_SHARE), left));
      return opened.knowledge.ground(agent, knowledgeQuestion(conversation), budget);
    },
    close: shut,
  };
}
