import 'reflect-metadata';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { AppLogger } from './common/app-logger';
import { AgentDefinitionError, displayPath } from './agents';
import { ACCESS_CODE_FILE, ConfigError, loadAppConfig, type AppConfig } from './config';
import { ModelWarmup } from './llm';

function describeStartup(config: AppConfig): string[] {
  const database =
    config.database.kind === 'embedded'
      ? `embedded PostgreSQL in ${displayPath(config.database.dataDir)}`
      : 'PostgreSQL (DATABASE_URL)';
  const access =
    config.access.codeSource === 'env'
      ? 'Access code: the value of ACCESS_CODE'
      : `Access code: generated for you; read it with: cat ${displayPath(join(config.dataDir, ACCESS_CODE_FILE))}`;
  return [`Open http://localhost:${config.port}`, `Database: ${database}`, access];
}

async function main(): Promise<void> {
  const logger = new Logger('Main');
  let config: AppConfig;
  try {
    config = loadAppConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  try {
    const app = await createApp(config, { logger: new AppLogger() });
    await app.listen(config.port);
    for (const line of describeStartup(config)) logger.log(line);
    // The server process only: test apps built by createApp need no warmth and would pay its CPU.
    app.get(ModelWarmup).start();
  } catch (error) {
    if (error instanceof AgentDefinitionError) {
      console.error(error.lines.join('\n'));
      console.error('Fix the agent files above (npm run agents:check) and start again.');
    } else {
      console.error(`Could not start: ${(error as Error).message}`);
    }
    process.exit(1);
  }
}

void main();
