import { Download, FolderLock, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '../../../core/schemas/user.ts';
import { DATA_EXPORT_FILE, DELETED_PLAYER } from '../../../core/your-data.ts';
import { useDownloadMyData } from './api/account.ts';
import { toastFailure } from '../../hooks/toast-failure.ts';
import { Button } from '../../components/ui/button.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { Section } from '../../components/ui/section.tsx';

/** Download everything the service holds about you, or delete your account (and what stays). */
export function YourData({ user }: { user: User }) {
  return (
    <Section id="your-data" title="Your data" icon={FolderLock}>
      <div className="grid gap-4 md:grid-cols-2">
        <Part title="Download your data" action={<DownloadButton />}>
          <p>A zip file with everything StreetScope keeps about you:</p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              your account, Pro status, linked wallet, sign-in providers, passkeys and when you
              signed in
            </li>
            <li>discoveries, logs, markers and your gallery</li>
            <li>quest answers and the artists you named, tours you made, and challenge rewards</li>
            <li>forum posts, replies and likes, and missions completed</li>
            <li>walls you proposed, confirmed or reported, and reports you made</li>
            <li>your inbox, push notification choices and devices, and your hidden home place</li>
            <li>moderation decisions about you</li>
          </ul>
          <p>
            Every photo you uploaded is in the <code className="text-chalk">photos</code> folder,
            the rest in <code className="whitespace-nowrap text-chalk">{DATA_EXPORT_FILE}</code>.
          </p>
        </Part>
        <Part
          title="Delete account"
          tone="danger"
          action={<DeleteAccountDialog username={user.username} isPro={user.isPro} />}
        >
          <p>
            <strong className="text-chalk">Deleted for good:</strong> your account and profile
            picture, every photo you uploaded (no longer shown anywhere), discoveries, logs,
            markers, gallery, linked wallet, likes, reports, Spray Coins and your place on the
            leaderboard. A Pro subscription is cancelled straight away.
          </p>
          <p>
            <strong className="text-chalk">Kept, shown as by “{DELETED_PLAYER}”:</strong> your forum
            posts and replies, so other players’ conversations still make sense, and the artworks
            you found first, which stay on the map with other players’ photos.
          </p>
        </Part>
      </div>
    </Section>
  );
}

function Part({
  title,
  tone,
  action,
  children,
}: {
  title: string;
  tone?: 'danger';
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      className={
        tone === 'danger'
          ? 'flex flex-col gap-3 rounded-xl border border-rose-500/40 bg-rose-500/5 p-4'
          : 'flex flex-col gap-3 rounded-xl border border-line bg-wall/60 p-4'
      }
    >
      <h3 className="font-bold text-chalk">{title}</h3>
      <div className="grid gap-2 text-sm text-smoke">{children}</div>
      <div className="mt-auto pt-1">{action}</div>
    </div>
  );
}

function DownloadButton() {
  const download = useDownloadMyData();
  return (
    <Button
      variant="secondary"
      disabled={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onError: toastFailure(
            'Download Failed',
            'Could not prepare your data. Please try again.',
          ),
        })
      }
    >
      {download.isPending ? (
        <>
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          Preparing your download…
        </>
      ) : (
        <>
          <Download aria-hidden />
          Download your data
        </>
      )}
    </Button>
  );
}
