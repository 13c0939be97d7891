// Boomtown in a browser: xterm.js attached to the server by a WebSocket. Keys, mouse and
// paste go up as binary frames, the window's size as {"resize": [columns, rows]}; the screen
// comes down as binary frames. A dropped connection is made again (the seat is kept).
"use strict";
(function () {
  const term = new Terminal({ scrollback: 0, fontFamily: "monospace", fontSize: 15 });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.open(document.getElementById("terminal"));
  window.terminal = term;  // (what the page shows, for its tests to read as a person sees it)
  try {  // WebGL draws box and block characters whole (the DOM's fonts leave seams)
    const webgl = new WebglAddon.WebglAddon();
    webgl.onContextLoss(function () { webgl.dispose(); });
    term.loadAddon(webgl);
  } catch (e) { /* no WebGL here: the DOM draws */ }
  fit.fit();
  term.focus();
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

  function connect() {
    const url = new URL("ws", window.location.href);
    url.protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
    url.searchParams.set("cols", term.cols);
    url.searchParams.set("rows", term.rows);
    const name = new URLSearchParams(window.location.search).get("name");
    if (name) url.searchParams.set("name", name);
    socket = new WebSocket(url);
    socket.binaryType = "arraybuffer";
    socket.onopen = function () { say(""); retry = 1000; };
    socket.onmessage = function (event) {
      if (event.data instanceof ArrayBuffer) term.write(new Uint8Array(event.data));
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
  window.addEventListener("resize", function () { fit.fit(); });
  connect();
})();
