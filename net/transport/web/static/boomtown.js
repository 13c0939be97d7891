// Boomtown in a browser: xterm.js attached to the server by a WebSocket. Keys, mouse and
// paste go up as binary frames, the window's size as {"resize": [columns, rows]}; the screen
// comes down as binary frames, and the keys that act now as {"keys": [[label, input], ...]}.
// A dropped connection is made again (the seat is kept). On a touch screen (a phone) the
// screen is fitted at 80x24, the smallest every table is drawn at, in the largest text from
// 11 to 16 px beside a bar of keys to touch; where that cannot fit (a phone held upright), the
// page asks to be turned sideways.
"use strict";
(function () {
  const touch = window.matchMedia("(pointer: coarse)").matches;
  document.body.classList.toggle("touch", touch);
  const COLUMNS = 80, ROWS = 24, LARGEST = 16, SMALLEST = 11;  // text, in CSS pixels
  const ALWAYS = [  // the keys every screen may need, three to a row below the app's own
    ["Esc", "\x1b"], ["↑", "\x1b[A"], ["Tab", "\t"],
    ["←", "\x1b[D"], ["↓", "\x1b[B"], ["→", "\x1b[C"],
  ];
  const term = new Terminal({ scrollback: 0, fontFamily: "monospace", fontSize: 15 });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(document.getElementById("terminal"));
  window.terminal = term;  // (what the page shows, for its tests to read as a person sees it)
  // WebGL draws box and block characters whole (the DOM's fonts leave seams). Not on a touch
  // screen: there the DOM draws, as it could be seen to do right (under Chromium's device
  // emulation the WebGL canvas is drawn at the wrong scale, so a phone's could not be checked)
  if (!touch) {
    try {
      const webgl = new WebglAddon.WebglAddon();
      webgl.onContextLoss(function () { webgl.dispose(); });
      term.loadAddon(webgl);
    } catch (e) { /* no WebGL here: the DOM draws */ }
  }
  const acting = document.getElementById("acting");
  const always = document.getElementById("always");
  const sideways = document.getElementById("sideways");
  const area = document.querySelector(".xterm-helper-textarea");
  if (touch) area.setAttribute("inputmode", "none");  // no keyboard over the board at a tap

  function fitScreen() {
    if (touch) {  // the largest text at which the tables fit
      for (let size = LARGEST; size >= SMALLEST; size--) {
        term.options.fontSize = size;
        const fits = fit.proposeDimensions();
        if (fits && fits.cols >= COLUMNS && fits.rows >= ROWS) break;
      }
    }
    fit.fit();
    sideways.hidden = !touch || (term.cols >= COLUMNS && term.rows >= ROWS);
  }
  fitScreen();
  if (!touch) term.focus();
  const status = document.getElementById("status");
  const encoder = new TextEncoder();
  let socket = null;
  let retry = 1000;

  function say(text, again) {  // again: a button that loads the page anew
    status.textContent = text;
    if (again) {
      const button = document.createElement("button");
      button.textContent = again;
      button.addEventListener("click", function () { window.location.assign("/"); });
      status.append(" ", button);
    }
    status.hidden = !text;
  }

  const PIECE = 8192;  // the server ends a session whose frame passes 16 KiB: a long paste
  // goes in pieces

  function send(data) {
    if (socket === null || socket.readyState !== WebSocket.OPEN) return;
    if (typeof data === "string" || data.length <= PIECE) { socket.send(data); return; }
    for (let start = 0; start < data.length; start += PIECE) {
      socket.send(data.subarray(start, start + PIECE));
    }
  }

  function button(label, input) {
    const key = document.createElement("button");
    key.textContent = label.replaceAll("/", "/\u200b");  // "Drive/take" may wrap at its slash
    key.addEventListener("click", function () { if (input) send(encoder.encode(input)); });
    return key;
  }

  function showKeys(shown) {  // the app's keys that act now
    acting.replaceChildren(...shown.map(function (pair) { return button(pair[0], pair[1]); }));
  }

  if (touch) {  // the keys always there: Esc, the arrows, Tab, Enter and the phone's keyboard
    always.replaceChildren(...ALWAYS.map(function (pair) { return button(pair[0], pair[1]); }));
    const enter = button("Enter", "\r");
    enter.className = "wide";
    const typing = button("⌨", "");
    typing.title = "the keyboard, to type a name, a bid, a chat line";
    typing.addEventListener("click", function () {  // (its own input sends nothing)
      area.setAttribute("inputmode", area.getAttribute("inputmode") === "none" ? "text" : "none");
      area.blur();
      area.focus();
    });
    always.append(enter, typing);
  }

  function connect() {
    const url = new URL("ws", window.location.href);
    url.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("cols", term.cols);
    url.searchParams.set("rows", term.rows);
    socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    socket.onopen = function () { say(""); retry = 1000; };
    socket.onmessage = function (event) {
      if (event.data instanceof ArrayBuffer) {
        term.write(new Uint8Array(event.data));
      } else if (touch) {
        const told = JSON.parse(event.data);
        if (Array.isArray(told.keys)) showKeys(told.keys);
      }
    };
    socket.onclose = function (event) {
      socket = null;
      if (event.code === 4001) {  // nobody here (signed out, a restart forgot a guest): the
        window.location.assign("/");  // page for strangers says the ways in
        return;
      }
      if (event.code === 4000) {  // the session ended: left, or sent away
        say("The session has ended.", "Come back");
        return;
      }
      say("Connection lost: trying again…");
      window.setTimeout(connect, retry);
      retry = Math.min(retry * 2, 30000);
    };
  }

  term.onData(function (data) { send(encoder.encode(data)); });
  term.onBinary(function (data) {
    send(Uint8Array.from(data, function (c) { return c.charCodeAt(0); }));
  });
  const icon = document.getElementById("icon");
  term.onTitleChange(function (title) {  // the app names the window: the tab says it too
    document.title = title;
    icon.href = title.startsWith("Your turn") ? "/static/turn.svg" : "/static/icon.svg";
  });
  term.onResize(function (size) {
    send(JSON.stringify({ resize: [size.cols, size.rows] }));
  });
  term.onBell(function () {
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      tone.connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.1);
    } catch (e) { /* no sound here */ }
  });
  window.addEventListener("resize", fitScreen);
  connect();
})();
