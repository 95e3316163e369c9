import { readConfig } from './read-config';

export { DEVNET_DEFAULTS, PUBLIC_SERVICE, readConfig, type AppConfig } from './read-config';

export const appConfig = readConfig(import.meta.env as Record<string, string | undefined>);
