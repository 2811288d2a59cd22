// The emoji picker's set (SPEC §9: about 90, shown in 8 columns): faces, hands, and the ones a coin forum uses most.
export const EMOJIS = `
  😀 😃 😄 😁 😆 😅 🤣 😂 🙂 😉 😊 😇 🥰 😍 🤩 😘
  😋 😛 😜 🤪 🤑 🤗 🤔 🤐 😐 😏 😒 🙄 😬 😌 😔 😴
  😎 🤓 🧐 😕 😟 😮 😲 😳 🥺 😢 😭 😱 😤 😡 🤯 🥳
  👍 👎 👏 🙌 🙏 🤝 💪 👀 👋 ✌️ 🤞 👌 ❤️ 🧡 💛 💚
  💙 💜 🔥 ✨ ⭐ 🎉 🎊 💯 ✅ ❌ ⚠️ 💡 🚀 🌙 💰 💎
  📈 📉 🪙 💵 🏦 🔒 🔑 ⛏️
`
  .trim()
  .split(/\s+/);

export const EMOJI_COLUMNS = 8;
