import { ConsoleLogger } from '@nestjs/common';

// Nest narrates its own bootstrap (modules, routes) at "log" level; a person starting the app needs
// only our few lines, so those contexts are kept for warnings and errors.
const BOOTSTRAP_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

export class AppLogger extends ConsoleLogger {
  override log(message: unknown, context?: string): void {
    if (context && BOOTSTRAP_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
