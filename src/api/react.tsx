import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './client';
import type { ServiceConfig } from './service-config';

const ApiContext = createContext<ApiClient | null>(null);
const ConfigContext = createContext<ServiceConfig | null>(null);

export function ApiProvider({ client, config, children }: { client: ApiClient; config: ServiceConfig; children: ReactNode }) {
  return (
    <ConfigContext.Provider value={config}>
      <ApiContext.Provider value={client}>{children}</ApiContext.Provider>
    </ConfigContext.Provider>
  );
}

/** Which service the app talks to (URLs, chain, sign-in domain). */
export function useServiceConfig(): ServiceConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useServiceConfig outside <ApiProvider>');
  return config;
}

/** The app's one API client (the transport carries the session and the server clock). */
export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside <ApiProvider>');
  return client;
}
