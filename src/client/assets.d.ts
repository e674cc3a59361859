/** Vite's `?url` imports: the file is emitted as a hashed asset and the import is its URL. */
declare module '*?url' {
  const url: string;
  export default url;
}
