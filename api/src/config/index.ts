export { ACCESS_CODE_FILE, ConfigError, loadAppConfig, type AppConfig } from './app-config';
export { APP_CONFIG, AppConfigModule } from './config.module';
export { defaultAgentsDir, schemasDir, webDistDir } from './repo-paths';
export { readOrCreateSecret } from './local-secrets';
