/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Merchant code sent before the permission response names the site's own; unset lets the server pick by domain. */
  readonly VITE_MERCHANT_CODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
