import type { ReactNode } from 'react';

/** The providers' marks beside their names (decorative: the button's label names them). */
function Mark({ viewBox, children }: { viewBox: string; children: ReactNode }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox={viewBox}>
      {children}
    </svg>
  );
}

export function DropboxIcon() {
  return (
    <Mark viewBox="5 7 22 19.5">
      <path
        fill="#0061FF"
        d="M10.5 7.5L5 10.955l5.5 3.454 5.5-3.454 5.5 3.454 5.5-3.454L21.5 7.5 16 10.955zM10.5 21.319L5 17.864l5.5-3.455 5.5 3.455zM16 17.864l5.5-3.455 5.5 3.455-5.5 3.455zM16 25.925l-5.5-3.455 5.5-3.454 5.5 3.454z"
      />
    </Mark>
  );
}

export function GoogleDriveIcon() {
  return (
    <Mark viewBox="5 6 22 19">
      <path
        fill="#0066DA"
        d="M6.663 22.284l.97 1.62c.202.34.492.609.832.804l3.465-5.798H5c0 .378.1.755.302 1.096l1.361 2.278z"
      />
      <path
        fill="#00AC47"
        d="M16 12.09l-3.465-5.798c-.34.195-.63.463-.832.804l-6.4 10.718A2.15 2.15 0 005 18.91h6.93L16 12.09z"
      />
      <path
        fill="#EA4335"
        d="M23.535 24.708c.34-.195.63-.463.832-.804l.403-.67 1.928-3.228c.201-.34.302-.718.302-1.096h-6.93l1.474 2.802 1.991 2.996z"
      />
      <path
        fill="#00832D"
        d="M16 12.09l3.465-5.798A2.274 2.274 0 0018.331 6h-4.662c-.403 0-.794.11-1.134.292L16 12.09z"
      />
      <path
        fill="#2684FC"
        d="M20.07 18.91h-8.14l-3.465 5.798c.34.195.73.292 1.134.292h12.802c.403 0 .794-.11 1.134-.292L20.07 18.91z"
      />
      <path
        fill="#FFBA00"
        d="M23.497 12.455l-3.2-5.359a2.252 2.252 0 00-.832-.804L16 12.09l4.07 6.82h6.917c0-.377-.1-.755-.302-1.096l-3.188-5.359z"
      />
    </Mark>
  );
}
