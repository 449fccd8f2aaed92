(function () {
  "use strict";
  var data = document.getElementById("linkwell-config");
  if (!data) return;
  var config = JSON.parse(data.textContent);
  var path = location.pathname;
  var query = location.search;
  var canonical = "https://" + config.primaryHost + path + query;

  function expand(template) {
    return template.replace(/\{(path|query|link)\}/g, function (placeholder, name) {
      if (name === "path") return path;
      if (name === "query") return query;
      return encodeURIComponent(canonical);
    });
  }
  function allowed(target) {
    var url;
    try { url = new URL(target); } catch (error) { return false; }
    if (url.protocol === "https:") return config.allowedHosts.indexOf(url.hostname) >= 0;
    // `linkwell serve` over plain http: its rewritten links to the other local ports.
    if (url.protocol === "http:") return location.protocol === "http:" && url.hostname === location.hostname;
    return url.protocol === "intent:" || (config.scheme !== "" && url.protocol === config.scheme + ":");
  }
  function sameDocument(target) {
    var url = new URL(target);
    return url.host === location.host && url.pathname === location.pathname;
  }
  function go(target) {
    if (target && allowed(target) && !sameDocument(target)) location.replace(target);
  }
  function setLink(id, target) {
    var element = document.getElementById(id);
    if (element && target && allowed(target)) element.href = target;
  }

  var agent = navigator.userAgent;
  var platform = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1) ? "ios"
    : /Android/.test(agent) ? "android" : "desktop";
  var links = config.links;
  var web = expand(platform === "desktop" ? links.desktop : links.web);

  // The app may not open this URL (an earlier exclusion, a query or fragment condition,
  // PageDecisions): then it opens it on no host, so the page offers the web instead of a
  // hop to the mirror, and the mirror sends no one to a store. Decided as the platform
  // decides, by the app's rules in order.
  function decoded(text) {
    try { return decodeURIComponent(text); } catch (error) { return text; }
  }
  var raw = query.replace(/^\?/, "");
  var fragment = location.hash.replace(/^#/, "");
  // `location.search` and `location.hash` are "" for an empty part and an absent one
  // alike; Android 15+ tells them apart, and the serialised URL keeps the `?` and `#`.
  var hashAt = location.href.indexOf("#");
  var fragmentWritten = hashAt >= 0;
  var queryWritten = (fragmentWritten ? location.href.slice(0, hashAt) : location.href).indexOf("?") >= 0;
  // iOS 13+: Apple's components (slash rules, caseSensitive, percentEncoded, items that
  // every repeat must match, an absent item counting as empty).
  function iosMatches(rule) {
    function read(text) { return rule.decode ? decoded(text) : text; }
    function test(source, text) { return new RegExp(source, rule.ignoreCase ? "i" : "").test(text); }
    var subject = read(path).replace(/(.)\/+$/, "$1");
    if (rule.path.length && !rule.path.some(function (source) { return test(source, subject); })) return false;
    if (rule.query != null && !test(rule.query, read(raw))) return false;
    if (rule.items) {
      var pairs = raw.split("&").filter(Boolean).map(function (pair) {
        var cut = pair.indexOf("=");
        return cut < 0 ? [read(pair), ""] : [read(pair.slice(0, cut)), read(pair.slice(cut + 1))];
      });
      var every = rule.items.every(function (item) {
        var values = pairs.filter(function (pair) { return pair[0] === item[0]; }).map(function (pair) { return pair[1]; });
        return (values.length ? values : [""]).every(function (value) { return test(item[1], value); });
      });
      if (!every) return false;
    }
    return rule.fragment == null || test(rule.fragment, read(fragment));
  }
  // Android 15+: Google's glob on the decoded parts (`*` jumps to the first occurrence of
  // the next character and never goes back); a query entry matches some one parameter.
  function glob(pattern, text) {
    pattern = Array.from(pattern);
    text = Array.from(text);
    var p = 0, s = 0;
    while (p < pattern.length) {
      if (pattern[p] === "*") {
        p += 1;
        if (p === pattern.length) return true;
        if (pattern[p] === "?" || pattern[p] === "*") continue;
        var found = text.indexOf(pattern[p], s);
        if (found < 0) return false;
        s = found;
      } else if (pattern[p] === "?") {
        if (s >= text.length) return false;
        s += 1;
        p += 1;
      } else {
        if (s >= text.length || text[s] !== pattern[p]) return false;
        s += 1;
        p += 1;
      }
    }
    return s === text.length;
  }
  function javaSplit(text, separator) {
    var parts = text.split(separator);
    if (parts.length < 2) return [text];
    while (parts.length && parts[parts.length - 1] === "") parts.pop();
    return parts;
  }
  function androidParameters() {
    var decodedQuery = decoded(raw);
    var parameters = javaSplit(decodedQuery, "&");
    return parameters.length === 1 ? javaSplit(decodedQuery, ";") : parameters;
  }
  // A query or fragment filter never matches a URL without that part (`Uri.getQuery()` and
  // `getFragment()` are null there).
  function androidMatches(rule) {
    if (rule.path != null && !glob(rule.path, decoded(path))) return false;
    if (rule.fragment != null && (!fragmentWritten || !glob(rule.fragment, decoded(fragment)))) return false;
    if (!rule.query) return true;
    if (!queryWritten) return false;
    var parameters = androidParameters();
    return rule.query.every(function (filter) {
      return parameters.some(function (parameter) { return glob(filter, parameter); });
    });
  }
  // The app's own intent filters, where site.yaml names its manifest: AOSP's PatternMatcher
  // on the decoded path, greedy and never going back (`pattern`: `.` any character, `x*` a run
  // of x, `.*` up to the first occurrence of what follows; `advanced`: tokens, each taking as
  // many characters as it can).
  function simpleGlob(pattern, text) {
    var p = 0, s = 0;
    while (p < pattern.length) {
      var literal = pattern[p], escaped = false;
      if (literal === "\\" && p + 1 < pattern.length) { escaped = true; p += 1; literal = pattern[p]; }
      if (p + 1 < pattern.length && pattern[p + 1] === "*") {
        p += 2;
        if (literal === "." && !escaped) {
          if (p >= pattern.length) return true;
          var next = pattern[p] === "\\" && p + 1 < pattern.length ? pattern[p + 1] : pattern[p];
          var found = text.indexOf(next, s);
          if (found < 0) return false;
          s = found;
        } else {
          while (s < text.length && text[s] === literal) s += 1;
        }
        continue;
      }
      if (s >= text.length || !((literal === "." && !escaped) || text[s] === literal)) return false;
      s += 1;
      p += 1;
    }
    return s === text.length;
  }
  function advancedGlob(tokens, text) {
    var s = 0;
    for (var t = 0; t < tokens.length; t += 1) {
      var token = tokens[t], count = 0;
      while ((token[1] < 0 || count < token[1]) && s < text.length && token[3].some(function (range) {
        return range[0] <= text[s] && text[s] <= range[1];
      }) !== token[2]) { s += 1; count += 1; }
      if (count < token[0]) return false;
    }
    return s === text.length;
  }
  function attributeMatches(attribute, text) {
    var kind = attribute[0], value = attribute[1];
    if (kind === "path") return text === value;
    if (kind === "prefix") return text.slice(0, value.length) === value;
    if (kind === "suffix") return text.length >= value.length && text.slice(text.length - value.length) === value;
    if (kind === "pattern") return simpleGlob(Array.from(value), Array.from(text));
    if (kind === "advanced") return advancedGlob(value, Array.from(text));
    return false;
  }
  // Android 15's relative groups: the first whose filters all match decides; none blocks.
  function groupsAllow(groups) {
    for (var index = 0; index < groups.length; index += 1) {
      var group = groups[index];
      if (!group.paths.length && !group.queries.length && !group.fragments.length) continue;
      var parameters = queryWritten ? androidParameters() : [];
      var matches = group.paths.every(function (attribute) { return attributeMatches(attribute, decoded(path)); }) &&
        group.queries.every(function (attribute) {
          return parameters.some(function (parameter) { return attributeMatches(attribute, parameter); });
        }) &&
        group.fragments.every(function (attribute) { return fragmentWritten && attributeMatches(attribute, decoded(fragment)); });
      if (matches) return group.allow;
    }
    return false;
  }
  function filterTakes(filter) {
    return filter.paths.some(function (attribute) { return attributeMatches(attribute, decoded(path)); }) || groupsAllow(filter.groups);
  }
  function firstMatch(rules, matches) {
    for (var index = 0; index < rules.length; index += 1) if (matches(rules[index])) return rules[index];
    return null;
  }
  // The host's table of its apps' rules, loaded before this script (PageDecisions).
  var table = typeof linkwellRules === "undefined" ? {} : linkwellRules;
  var apps = config.apps || {};
  var rules = platform === "ios" || platform === "android" ? (table[platform] || {})[apps[platform]] : null;
  var deciding = rules ? firstMatch(rules, platform === "ios" ? iosMatches : androidMatches) : null;
  // On Android, where the app's own manifest is read, one of its filters must take the URL too
  // (none listed: the host is not verified for the app; no entry: a filter takes every URL).
  var filters = platform === "android" ? (table.androidFilters || {})[apps.android] : null;
  var taken = filters == null || filters.some(filterTakes);
  // The app does not open this URL: no filter takes it, an exclusion decides it, or no rule matches.
  var keptOnWeb = !taken || (rules != null && (deciding === null || deciding.exclude));
  if (keptOnWeb && web) {
    ["linkwell-open", "linkwell-store", "linkwell-missing"].forEach(function (id) {
      var element = document.getElementById(id);
      if (element) element.hidden = true;
    });
    var continueButton = document.getElementById("linkwell-web");
    if (continueButton) continueButton.className = "button primary";
  }
  var store = expand(links.desktop);
  if (platform === "ios") store = expand(links.iPhone);
  if (platform === "android") {
    store = expand(links.android);
    if (links.intentPackage) {
      store = "intent://" + config.primaryHost + path + query + "#Intent;scheme=https;package=" + links.intentPackage +
        ";S.browser_fallback_url=" + encodeURIComponent(store) + ";end";
    }
  }
  setLink("linkwell-open", expand(links.openInApp));
  setLink("linkwell-web", web);
  setLink("linkwell-store", store);
  var shown = document.getElementById("linkwell-url");
  // As the address bar shows it (URLDisplay): escapes of non-ASCII letters, marks and
  // digits decoded, every other escape kept.
  function shownText(text) {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, function (run) {
      var escapes = run.match(/%[0-9A-Fa-f]{2}/g), out = "", i = 0;
      while (i < escapes.length) {
        var lead = parseInt(escapes[i].slice(1), 16);
        var length = lead >= 0xC2 && lead <= 0xF4 ? (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2) : 0;
        if (length && i + length <= escapes.length) {
          var character = null;
          try { character = decodeURIComponent(escapes.slice(i, i + length).join("")); } catch (error) { character = null; }
          if (character && /^[\p{L}\p{M}\p{N}]$/u.test(character)) {
            out += character;
            i += length;
            continue;
          }
        }
        out += escapes[i];
        i += 1;
      }
      return out;
    });
  }
  // The URL line may break after '/', '?', '&' and '=', never inside a word (<wbr>).
  if (shown) {
    shown.textContent = "";
    (config.primaryHost + path + query).replace(/([\/?&=])/g, "$1\u0000").split("\u0000").forEach(function (part) {
      shown.appendChild(document.createTextNode(shownText(part)));
      shown.appendChild(document.createElement("wbr"));
    });
  }

  // Words from this URL in the title and description (PageTextTemplate), as the address
  // bar shows them, put in as text; the page was written with each one's fallback.
  if (config.texts) {
    var segments = path.split("/").filter(Boolean);
    var words = function (template, known) {
      return template.replace(/\{(segment|words):([1-9])\|([^}]*)\}/g, function (whole, kind, number, fallback) {
        var segment = known ? segments[Number(number) - 1] : undefined;
        if (segment === undefined) return fallback;
        var shownSegment = shownText(segment);
        return kind === "words" ? shownSegment.replace(/[-_]/g, " ") : shownSegment;
      });
    };
    var title = config.texts.title, description = config.texts.description;
    if (title) {
      var heading = document.getElementById("linkwell-title");
      if (heading) heading.textContent = words(title, true);
      // A function, not a string: `$&`, `$'` and `` $` `` in a visitor's URL are text, not
      // replacement patterns.
      var shownTitle = words(title, true);
      document.title = document.title.replace(words(title, false), function () { return shownTitle; });
    }
    var paragraph = document.getElementById("linkwell-description");
    if (description && paragraph) paragraph.textContent = words(description, true);
  }

  // Route pages serve many URLs, so the tags that name this URL are filled in here.
  config.head.forEach(function (tag) {
    var selector = tag.element === "link" ? 'link[rel="' + tag.key + '"]' : "meta[" + tag.attribute + '="' + tag.key + '"]';
    var element = document.head.querySelector(selector);
    if (!element) {
      element = document.createElement(tag.element);
      element.setAttribute(tag.element === "link" ? "rel" : tag.attribute, tag.key);
      document.head.appendChild(element);
    }
    element.setAttribute(tag.element === "link" ? "href" : "content", expand(tag.value));
  });

  // An image that fails to load (a moved og:image, a logo) leaves no broken box behind.
  Array.prototype.forEach.call(document.images, function (image) {
    function hide() { image.hidden = true; }
    if (image.complete && image.naturalWidth === 0) hide();
    else image.addEventListener("error", hide);
  });

  // Deferred deep link (lesson 6): the tap that may lead to the store first copies the link
  // (or its code, the last path segment), synchronously, while the tap still counts as a
  // user gesture.
  var handoff = config.clipboard === "code" ? path.split("/").filter(Boolean).pop() || "" : canonical;
  ["linkwell-open", "linkwell-store"].forEach(function (id) {
    var button = document.getElementById(id);
    if (!config.clipboard || !button) return;
    button.addEventListener("click", function () {
      var area = document.createElement("textarea");
      area.value = handoff;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); } catch (error) {}
      document.body.removeChild(area);
      if (navigator.clipboard) navigator.clipboard.writeText(handoff).catch(function () {});
    });
  });

  // `homePages.notFound: web`: a URL no page route serves goes on to the same URL on the
  // host's web home, for every visitor.
  if (config.toWeb && web) { go(web); return; }
  // A desktop goes on only to the page type's own web page; elsewhere (home, not found,
  // a page type without one) it stays and sees the page, with "Continue on the web".
  if (platform === "desktop") { if (config.desktopRedirects) go(web); return; }
  // Only the mirror knows the app is missing; the primary and the short host wait for a tap.
  if (config.role !== "mirror") return;
  // A URL the app does not open reached the mirror whether or not the app is installed: the
  // web, never a store.
  if (keptOnWeb) { if (web) go(web); return; }
  // Reaching the mirror means the app did not open it (lesson 5).
  if (platform === "android" && config.nativeAttempt && links.native) {
    var native = expand(links.native);
    if (allowed(native)) location.href = native;
    setTimeout(function () { if (!document.hidden) go(store); }, 1500);
    return;
  }
  go(platform === "desktop" ? web : store);
})();
