import { useQuery } from '@tanstack/react-query';
import { achievementsQuery, artworksQuery, myDiscoveriesQuery } from './api/profile.ts';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { Achievements } from './achievements.tsx';
import { CollectionStrip } from './collection-strip.tsx';
import { ArtGallery } from './art-gallery.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PrivacyCard } from './privacy-card.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { RecoveryCodesCard } from './recovery-codes-card.tsx';
import { RecentDiscoveries } from './recent-discoveries.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { SignInMethodsCard } from './sign-in-methods-card.tsx';
import { WalletCard } from './wallet-card.tsx';
import { YourData } from './your-data.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { useRequireAuthRedirect } from '../../hooks/use-require-auth-redirect.ts';

/**
 * SPEC §2 Profile (/profile): picture, name, join date and stats; recent discoveries; the art
 * gallery; achievements; the NFT Collection at a glance; the linked wallet; sessions, password
 * and recovery codes (docs/decisions/032); passkeys (036); notifications (042); your data (download it, delete the account). Phones get one column; wide screens put the player card and the
 * achievements beside the lists.
 */
export default function Profile() {
  const { user } = useAuth();
  // The sections share these queries' cache; a 401 from any of them means the session ended.
  const discoveries = useQuery(myDiscoveriesQuery);
  const art = useQuery(artworksQuery);
  const achievements = useQuery(achievementsQuery);
  useRequireAuthRedirect(discoveries.error, art.error, achievements.error);

  return (
    <PageShell title="Profile">
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[21rem_minmax(0,1fr)] lg:items-start">
        <div className="grid grid-cols-1 gap-5">
          <ProfileHeader user={user} />
          <WalletCard />
          <Achievements />
          <CollectionStrip />
        </div>
        <div className="grid grid-cols-1 min-w-0 gap-5">
          <RecentDiscoveries />
          <ArtGallery />
          <NotificationsCard />
          <PrivacyCard />
          <SessionsCard />
          <SignInMethodsCard />
          <PasskeysCard />
          <div className="grid grid-cols-1 gap-5 md:grid-cols-2 md:items-start">
            <PasswordCard />
            {user && <RecoveryCodesCard username={user.username} />}
          </div>
          {user && <YourData user={user} />}
        </div>
      </div>
    </PageShell>
  );
}
