import { useTranslation } from 'react-i18next';
import { GameSections } from './game-sections';
import { HotGamesCarousel } from './hot-games';
import { JackpotCounter } from './jackpot-counter';
import { WinnersBoard } from './winners-board';
import '@/locales/games';
import './games.css';

/**
 * The games feature's home blocks (spec section 2 "Home"), one export per home slot so the home page loads them
 * as one chunk: hot games, the jackpot counter beside the winners board, and the category sections.
 */
export function HomeHotGames() {
  return <HotGamesCarousel />;
}

export function HomeJackpotWinners() {
  const { t } = useTranslation();
  return (
    <section className="home-jackpot" aria-label={t('games.home.jackpot')}>
      <JackpotCounter />
      <WinnersBoard />
    </section>
  );
}

export function HomeGameSections() {
  return <GameSections />;
}
