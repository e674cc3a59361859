import { LOGIN_URL } from '../lib/navigation.ts';

export default function Landing() {
  return (
    <main>
      <a href={LOGIN_URL}>Sign In / Create Account</a>
    </main>
  );
}
