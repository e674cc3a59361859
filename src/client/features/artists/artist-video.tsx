import { Crown, Lock, Video } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { ArtistProfile, VideoView } from '../../../core/schemas/artists.ts';
import { PROVIDER_NAMES, videoEmbedUrl } from '../../../core/video.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/input.tsx';
import { Section } from '../../components/ui/section.tsx';
import { VideoFacade } from '../../components/ui/video-facade.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { serverMessage } from '../../lib/query-client.ts';
import { useSetVideo } from './artists-api.ts';

/**
 * An artist's video (Pro, docs/decisions/049): played privacy-enhanced on request for a Pro
 * player or the artist; anyone else sees that it exists and how to play it.
 */
export function ArtistVideo({ video, name }: { video: VideoView; name: string }) {
  const provider = PROVIDER_NAMES[video.provider];
  if (video.id) {
    return (
      <VideoFacade
        src={videoEmbedUrl({ provider: video.provider, id: video.id })}
        title={`Video by ${name}`}
        playLabel={`Play the video by ${name}`}
        corner="From the artist"
        call={`Watch ${name}`}
        provider={provider}
      />
    );
  }
  return (
    <div
      className="grid justify-items-center gap-2 rounded-2xl border border-dashed border-neon-amber/60 bg-wall/70 px-4 py-6 text-center text-sm"
      data-testid="video-locked"
    >
      <Lock className="size-6 text-neon-amber" aria-hidden />
      <p className="font-semibold">
        {name} has a video on {provider}
      </p>
      <p className="text-smoke">Artist videos play for Pro members.</p>
      <Link href="/subscribe" className={buttonVariants({ size: 'sm' })}>
        <Crown aria-hidden />
        Go Pro to watch
      </Link>
    </div>
  );
}

/** The verified artist adds or replaces the video of their profile or one of their pieces. */
function VideoForm({ artist }: { artist: ArtistProfile }) {
  const setVideo = useSetVideo(artist.id);
  const [url, setUrl] = useState('');
  const [target, setTarget] = useState('');
  const ids = { url: useId(), target: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setVideo.mutate(
      { url: url.trim(), ...(target ? { artworkId: target } : {}) },
      {
        onSuccess: () => {
          setUrl('');
          toast({ title: 'Video saved', description: 'Pro players can play it now.' });
        },
        onError: (error) =>
          toast({
            title: 'Video not saved',
            description: serverMessage(error) ?? 'Check your connection and try again.',
            variant: 'destructive',
          }),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="grid gap-3 border-t border-line pt-3"
      aria-label="Add a video"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={ids.url}>YouTube or Vimeo link</Label>
        <Input
          id={ids.url}
          type="url"
          inputMode="url"
          required
          maxLength={500}
          placeholder="https://youtu.be/…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      {artist.pieces.length > 0 && (
        <div className="grid gap-1.5">
          <Label htmlFor={ids.target}>For</Label>
          <select
            id={ids.target}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="min-h-11 rounded-xl border border-line bg-wall px-3 text-sm"
          >
            <option value="">My profile</option>
            {artist.pieces.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button
        type="submit"
        disabled={!url.trim() || setVideo.isPending}
        className="justify-self-start"
      >
        <Video aria-hidden />
        {setVideo.isPending ? 'Saving…' : 'Save video'}
      </Button>
    </form>
  );
}

/** The profile's video section: shown when there is a video, or to the artist to add one. */
export function ArtistVideoSection({ artist }: { artist: ArtistProfile }) {
  if (!artist.video && !artist.isMe) return null;
  return (
    <Section id="artist-video" title="Artist video" icon={Video}>
      <div className="grid gap-3">
        {artist.video ? (
          <ArtistVideo video={artist.video} name={artist.name} />
        ) : (
          <p className="text-sm text-smoke">
            Add a video of you at work: Pro players play it here and on your pieces.
          </p>
        )}
        {artist.isMe && <VideoForm artist={artist} />}
      </div>
    </Section>
  );
}
