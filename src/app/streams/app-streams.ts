import { createAppStreams, type AppStreams } from '../../api/stream/app-streams';
import { appConfig } from '../config';

let instance: AppStreams | null = null;

/** One instance for the app's lifetime, created on first use. */
export function appStreams(): AppStreams {
  instance ??= createAppStreams(appConfig);
  return instance;
}

if (import.meta.hot) {
  import.meta.hot.dispose(() => {
    instance?.close();
    instance = null;
  });
}
