/** Build-time flags (vite `define`): the white-label brand and the SaaS build flag of spec §2. */
declare const __BRAND__: string;
declare const __SAAS__: boolean;

/** The contract's server messages of one language (contract-messages.ts beside vite.config.ts). */
declare module 'virtual:pv-messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
