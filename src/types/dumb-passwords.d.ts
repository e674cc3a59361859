declare module 'dumb-passwords' {
  const dumbPasswords: {
    /** True when the password is among the 10,000 most common ones. */
    check(password: string): boolean;
  };
  export default dumbPasswords;
}
