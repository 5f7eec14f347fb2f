// 'Goal Achieved!' with falling confetti and twinkling stars, shown over the screen for a moment.
import { t } from '../i18n';

const colors = ['#12705c', '#f4b400', '#e0565b', '#3b82f6', '#a855f7', '#10b981'];
const pieces = Array.from({ length: 36 }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i % 9) * 0.12,
  color: colors[i % colors.length],
  rotate: (i * 47) % 360,
}));
const stars = [
  { top: 22, left: 18 },
  { top: 30, left: 78 },
  { top: 64, left: 12 },
  { top: 70, left: 84 },
  { top: 14, left: 52 },
];

export function GoalCelebration({ title }: { title: string }) {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center overflow-hidden" role="status" aria-live="polite">
      {pieces.map((piece, i) => (
        <span
          key={i}
          aria-hidden="true"
          className="confetti-piece absolute top-[-5%] h-3 w-2 rounded-sm"
          style={{ left: `${piece.left}%`, backgroundColor: piece.color, animationDelay: `${piece.delay}s`, transform: `rotate(${piece.rotate}deg)` }}
        />
      ))}
      {stars.map((star, i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="twinkle-star absolute h-8 w-8 text-warning"
          style={{ top: `${star.top}%`, left: `${star.left}%`, animationDelay: `${i * 0.2}s` }}
          fill="currentColor"
        >
          <path d="M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z" />
        </svg>
      ))}
      <div className="celebration-card rounded-box border border-base-300 bg-base-100 px-8 py-6 text-center shadow-2xl">
        <p className="text-3xl font-bold text-primary">{t('Goal Achieved!')}</p>
        <p className="mt-1 text-base-content/80">{title}</p>
      </div>
    </div>
  );
}
