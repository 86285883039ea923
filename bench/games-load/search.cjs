// GCSGAME_gameList: a search with one of 23 keywords (the words of bench/games.mjs's game names, and three phrases).
const words = ['Lucky', 'Dragon', 'Fortune', 'Golden', 'Tiger', 'Jungle', 'Mega', 'Royal', 'Wild', 'Star', 'Ocean'];
words.push('Magic', 'Phoenix', 'Treasure', 'Panda', 'Lotus', 'Thunder', 'Sakura', 'Pharaoh', 'Crystal');
const terms = [...words.map((word) => word.toLowerCase()), 'dragon golden', 'tiger 1', 'star 99'];
module.exports = (request) => ({
  ...request,
  body: JSON.stringify({ keyword: terms[Math.floor(Math.random() * terms.length)], pageNo: 1 }),
});
