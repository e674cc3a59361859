/** Vite's `?url` imports: the file is emitted as a hashed asset and the import is its URL. */
declare module '*?url' {
  const url: string;
  export default url;
}

/** Vite's build flags: the service worker is registered only in a production build. */
interface ImportMeta {
  readonly env: { readonly PROD: boolean };
}
