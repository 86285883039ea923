// The bench catalogue: `count` RNG games over twelve vendors, named from the words the search load asks for
// (bench/games-load/search.cjs).
export const benchWords = [
  'Lucky',
  'Dragon',
  'Fortune',
  'Golden',
  'Tiger',
  'Jungle',
  'Mega',
  'Royal',
  'Wild',
  'Star',
  'Ocean',
  'Magic',
  'Phoenix',
  'Treasure',
  'Panda',
  'Lotus',
  'Thunder',
  'Sakura',
  'Pharaoh',
  'Crystal',
];
export const benchProviders = ['PG', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'EG2', 'RTG', 'MG', 'PNG', 'ISB', 'TTG'];

export function benchGames(count) {
  const words = benchWords;
  const games = [];
  for (let index = 0; index < count; index += 1) {
    const vendorCode = benchProviders[index % benchProviders.length];
    const name = `${words[index % words.length]} ${words[Math.floor(index / words.length) % words.length]} ${index}`;
    games.push({
      vendorCode,
      gameCode: `${vendorCode.toLowerCase()}_${index}`,
      gameType: 'RNG',
      name,
      names: { bn: `গেম ${index}` },
      showIcon: `https://sim.example/art/${index}.svg`,
      iconUrl: `https://sim.example/art/${index}.svg`,
      largeIcon: null,
      trialSupport: index % 2 === 0,
      enabled: true,
    });
  }
  return games;
}
