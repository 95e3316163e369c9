// Display settings on <html> before the first paint (why and how: src/app/display-attributes.ts).
(function () {
  var VALUES = {
    theme: ['dark', 'light', 'system'],
    upDown: ['green-up', 'red-up', 'colour-blind'],
    book: ['right', 'left'],
    form: ['right', 'left'],
    density: ['comfortable', 'compact'],
  };
  var s = {};
  try {
    var stored = JSON.parse(localStorage.getItem('perps.display-settings') || 'null');
    if (stored && typeof stored.state === 'object' && stored.state) s = stored.state;
  } catch {
    // Unreadable or no storage: the defaults.
  }
  var pick = function (key) {
    return VALUES[key].indexOf(s[key]) >= 0 ? s[key] : VALUES[key][0];
  };
  var theme = pick('theme');
  var prefersLight = !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches);
  var root = document.documentElement;
  root.setAttribute('data-theme', theme === 'system' ? (prefersLight ? 'light' : 'dark') : theme);
  root.setAttribute('data-theme-setting', theme);
  root.setAttribute('data-updown', pick('upDown'));
  root.setAttribute('data-book', pick('book'));
  root.setAttribute('data-form', pick('form'));
  root.setAttribute('data-density', pick('density'));
})();
