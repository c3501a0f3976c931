/** Build-time flags (vite `define`): the white-label brand and the SaaS build flag of spec §2. */
declare const __BRAND__: string;
declare const __SAAS__: boolean;
