import type { PublicSlide } from '@gym/contract/content';
import { useQuery } from '@tanstack/react-query';
import { Carousel } from 'antd';
import { api } from '../../shared/api/client';

/**
 * The centre's current slides (the public feed: published now, for this centre and language), at the
 * top of a public page. Decoration: while they load, when there are none or the feed fails, nothing shows.
 */
export function CentreSlides({
  initial,
  centerCode,
  language,
}: {
  initial: string;
  centerCode: string;
  language: string;
}) {
  const slides = useQuery({
    queryKey: ['public', 'slides', initial, centerCode, language],
    queryFn: ({ signal }) =>
      api.get<{ items: PublicSlide[] }>(`/public/${encodeURIComponent(initial)}/slides`, {
        auth: false,
        query: { center: centerCode, lang: language },
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  });
  const items = slides.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <div className="public-slides" data-testid="register-slides">
      <Carousel autoplay={items.length > 1} autoplaySpeed={6000} dots={items.length > 1}>
        {items.map((s) => (
          <div key={s.id}>
            {s.linkUrl ? (
              <a href={s.linkUrl} target="_blank" rel="noopener noreferrer">
                <img src={s.image.url} alt={s.title} />
              </a>
            ) : (
              <img src={s.image.url} alt={s.title} />
            )}
          </div>
        ))}
      </Carousel>
    </div>
  );
}
