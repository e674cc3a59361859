import { useQuery } from '@tanstack/react-query';
import { Bell, BellOff, BellRing, LoaderCircle } from 'lucide-react';
import { PUSH_TOPICS, type PushTopic } from '../../../core/push-topics.ts';
import type { PushSettings } from '../../../core/schemas/push.ts';
import {
  browserPush,
  PushNotAllowed,
  pushSettingsQuery,
  useSetPushTopic,
  useTurnOffPush,
  useTurnOnPush,
  type BrowserPush,
} from './api/push.ts';
import { toast } from '../../hooks/use-toast.ts';
import { plural } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { failed } from './form-parts.tsx';
import { LoadError, Section } from '../../components/ui/section.tsx';

/** What each switch turns on (docs/decisions/042-push.md). */
const TOPICS: Record<PushTopic, { label: string; hint: string }> = {
  piece_found: {
    label: 'Someone finds your piece',
    hint: "With the first finder's bonus you earn.",
  },
  find_reviewed: {
    label: 'Your held find or wall visit is reviewed',
    hint: 'Approved or not, by a moderator.',
  },
  wall_proposal: {
    label: 'Your wall proposal is verified or disputed',
    hint: 'By other players or a moderator.',
  },
  report_decided: { label: 'Your report is decided', hint: 'What a moderator did about it.' },
  piece_gone: {
    label: 'A piece you found is reported gone',
    hint: 'So you can check whether it is still there.',
  },
  near_you: { label: 'A quest or challenge near you', hint: 'Within walking distance.' },
};

const Spinner = () => (
  <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
);

/**
 * Notifications: the inbox keeps everything; push brings the chosen topics to a device even
 * when the app is closed. Nothing is pushed for a topic left off, and the browser asks its
 * permission only when the player taps to turn push on for the device.
 */
export function NotificationsCard() {
  const { data, isPending, isError, refetch } = useQuery(pushSettingsQuery);
  return (
    <Section id="notifications" title="Notifications" icon={Bell}>
      {isPending ? (
        <Skeleton className="h-48" aria-label="Loading your notification settings" />
      ) : isError ? (
        <LoadError what="your notification settings" onRetry={() => void refetch()} />
      ) : data.publicKey === null ? (
        <p className="text-sm text-smoke">
          Push notifications are not set up on this server. Everything still lands in your inbox.
        </p>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-smoke">
            Your inbox keeps everything. Choose what also reaches you as a notification, even when
            StreetScope is closed.
          </p>
          <ThisDevice settings={data} publicKey={data.publicKey} />
          <ul className="grid gap-1" aria-label="Push notifications">
            {PUSH_TOPICS.map((topic) => (
              <TopicSwitch key={topic} topic={topic} on={data.topics.includes(topic)} />
            ))}
          </ul>
        </div>
      )}
    </Section>
  );
}

function TopicSwitch({ topic, on }: { topic: PushTopic; on: boolean }) {
  const set = useSetPushTopic();
  const id = `push-topic-${topic}`;
  const { label, hint } = TOPICS[topic];
  return (
    <li className="flex min-h-12 items-center gap-3 rounded-xl px-1 py-2">
      <span className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={id} className="font-semibold text-chalk">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-sm text-smoke">
          {hint}
        </span>
      </span>
      <Switch
        id={id}
        checked={on}
        aria-describedby={`${id}-hint`}
        onCheckedChange={(checked) =>
          set.mutate({ topic, on: checked }, { onError: failed('change your notifications') })
        }
      />
    </li>
  );
}

/** This browser's push: on, off (turned on by a tap), blocked, or not possible here. */
function ThisDevice({ settings, publicKey }: { settings: PushSettings; publicKey: string }) {
  const browser = useQuery({ queryKey: ['push-browser'], queryFn: browserPush });
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const state: BrowserPush | undefined = browser.data;
  const endpoint = state?.state === 'ready' ? state.subscription?.endpoint : undefined;
  const here = settings.devices.find((d) => d.endpoint === endpoint);
  const elsewhere = settings.devices.length - (here ? 1 : 0);

  const on = () =>
    turnOn.mutate(publicKey, {
      onSuccess: () => {
        void browser.refetch();
        toast({
          title: 'Push On',
          description: 'This device will get the notifications you chose.',
        });
      },
      onError: (error) => {
        void browser.refetch();
        if (error instanceof PushNotAllowed) {
          toast({
            title: 'Notifications Not Allowed',
            description: 'Your browser did not allow notifications for StreetScope.',
            variant: 'destructive',
          });
        } else failed('turn push on for this device')(error);
      },
    });

  let status: string;
  let action = null;
  if (!state) {
    status = 'Checking this device…';
  } else if (state.state === 'unsupported') {
    status =
      'This browser cannot receive push notifications here. On an iPhone or iPad, add StreetScope to your Home Screen first.';
  } else if (state.state === 'blocked') {
    status = "Notifications are blocked for StreetScope in this browser's settings.";
  } else if (here && state.subscription) {
    const subscription = state.subscription;
    status = 'Push is on for this device.';
    action = (
      <Button
        variant="secondary"
        disabled={turnOff.isPending}
        onClick={() =>
          turnOff.mutate(
            { id: here.id, subscription },
            {
              onSuccess: () => void browser.refetch(),
              onError: failed('turn push off for this device'),
            },
          )
        }
      >
        {turnOff.isPending ? <Spinner /> : <BellOff aria-hidden />}
        Turn off
      </Button>
    );
  } else {
    status = 'Push is off for this device.';
    action = (
      <Button disabled={turnOn.isPending} onClick={on}>
        {turnOn.isPending ? <Spinner /> : <BellRing aria-hidden />}
        Turn on for this device
      </Button>
    );
  }

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-wall/60 p-3"
      data-testid="push-device"
    >
      <p className="min-w-0 flex-1 basis-56 text-sm text-chalk">
        {status}
        {elsewhere > 0 && (
          <span className="block text-smoke">
            Also on {plural(elsewhere, 'other device', 'other devices')}.
          </span>
        )}
      </p>
      {action}
    </div>
  );
}
