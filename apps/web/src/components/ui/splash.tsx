import { useEffect, useState } from 'react';

export const SPLASH_MS = 3000;

interface SplashProps {
  /** Stay until unmounted instead of hiding after 3 s. */
  infinite?: boolean;
  label: string;
  brand?: string;
}

/** Full-screen splash with the animated brand text. */
export function Splash({ infinite = false, label, brand = 'MOVIES' }: SplashProps) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (infinite) return;
    const timer = setTimeout(() => setVisible(false), SPLASH_MS);
    return () => clearTimeout(timer);
  }, [infinite]);

  if (!visible) return null;
  return (
    <div className="splash" role="status" aria-live="polite" aria-label={label}>
      <span className="splash__brand" aria-hidden="true">
        {brand.split('').map((char, i) => (
          <span key={i} style={{ animationDelay: `${i * 0.1}s` }}>
            {char}
          </span>
        ))}
      </span>
    </div>
  );
}
