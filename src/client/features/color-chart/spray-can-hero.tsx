/**
 * The chart's static image: three Series 1 cans and a sprayed stripe, drawn inline so it costs
 * no request and scales crisply on any screen.
 */
export function SprayCanHero({ className }: { className?: string }) {
  const cans = [
    { x: 36, body: '#ff2d95', rot: -10 },
    { x: 120, body: '#22d3ee', rot: 0 },
    { x: 204, body: '#a3e635', rot: 10 },
  ];
  return (
    <svg
      viewBox="0 0 320 200"
      role="img"
      aria-label="Three StreetScope Series 1 spray cans in pink, cyan and lime in front of a sprayed stripe"
      className={className}
    >
      <defs>
        <linearGradient id="s1-stripe" x1="0" x2="1">
          <stop offset="0" stopColor="#ff2d95" />
          <stop offset="0.5" stopColor="#a855f7" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
        <filter id="s1-soft" x="-30%" y="-60%" width="160%" height="220%">
          <feGaussianBlur stdDeviation="9" />
        </filter>
      </defs>
      <path
        d="M30 110q60 -70 130 -30t130 -40"
        fill="none"
        stroke="url(#s1-stripe)"
        strokeWidth="46"
        strokeLinecap="round"
        opacity="0.6"
        filter="url(#s1-soft)"
      />
      <g fill="#f4f4f5" opacity="0.8">
        <circle cx="22" cy="40" r="3" />
        <circle cx="34" cy="28" r="2" />
        <circle cx="298" cy="30" r="3" />
        <circle cx="286" cy="16" r="2" />
      </g>
      {cans.map((c) => (
        <g
          key={c.x}
          transform={`rotate(${c.rot} ${c.x + 40} 190)`}
          stroke="#0c0c10"
          strokeWidth="4"
          strokeLinejoin="round"
        >
          <rect x={c.x + 24} y="40" width="32" height="22" rx="5" fill="#a1a1aa" />
          <rect x={c.x + 33} y="28" width="14" height="14" rx="3" fill="#23232e" />
          <rect x={c.x} y="58" width="80" height="132" rx="14" fill={c.body} />
          <rect x={c.x} y="96" width="80" height="48" fill="#f4f4f5" />
          <text
            x={c.x + 40}
            y="128"
            textAnchor="middle"
            fontFamily="Bungee, sans-serif"
            fontSize="20"
            fill="#0c0c10"
            stroke="none"
          >
            S1
          </text>
        </g>
      ))}
    </svg>
  );
}
