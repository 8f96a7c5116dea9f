/**
 * The console page, served at GET /_sandbox/: plain HTML, CSS and a script that reads the admin
 * API every two seconds. Kept as text in a module so every build of the sandbox carries it.
 * The script avoids template literals so this file can hold it in one.
 */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mindbody sandbox console</title>
<link rel="icon" href="data:,">
<style>
	:root { --ink: #1d2430; --muted: #5b6573; --line: #d8dde5; --bg: #f4f6f9; --card: #fff; --accent: #2458c6;
		--ok: #1c7c3d; --warn: #a15c00; --bad: #b42318; }
	* { box-sizing: border-box; }
	body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
	header { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px;
		padding: 10px 20px; background: #18243a; color: #fff; }
	header h1 { margin: 0; font-size: 17px; font-weight: 600; }
	header .clock { font: 600 15px/1 ui-monospace, SFMono-Regular, Menlo, monospace; }
	header .muted { color: #b9c4d6; }
	header button { background: #2f4a7a; color: #fff; border: 1px solid #4c6aa3; }
	header button:hover { background: #3b5a93; }
	main { padding: 16px 20px 40px; display: grid; gap: 16px; }
	section { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 14px 16px; }
	section > h2 { margin: 0 0 10px; font-size: 16px; }
	h3 { margin: 14px 0 6px; font-size: 14px; }
	.row { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
	.muted { color: var(--muted); }
	.mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
	button { font: inherit; padding: 4px 10px; border-radius: 5px; border: 1px solid var(--line); background: #eef2f8; cursor: pointer; }
	button:hover { background: #e0e7f2; }
	input, select { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 5px; background: #fff; }
	table { border-collapse: collapse; width: 100%; }
	th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
	.brk { overflow-wrap: anywhere; }
	.wide { overflow-x: auto; }
	th { white-space: nowrap; font-size: 12px; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); font-weight: 600; }
	.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; font-weight: 600; background: #e8ecf2; }
	.ok { color: var(--ok); background: #e3f4e8; }
	.warn { color: var(--warn); background: #fdf0dc; }
	.bad { color: var(--bad); background: #fde7e5; }
	.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(520px, 100%), 1fr)); gap: 16px; }
	.grid2 > * { min-width: 0; }
	details.body summary { cursor: pointer; color: var(--accent); font-size: 12.5px; }
	details.body pre { margin: 4px 0 0; padding: 6px 8px; max-height: 320px; overflow: auto; background: #f6f8fb;
		border: 1px solid var(--line); border-radius: 5px; white-space: pre-wrap; overflow-wrap: anywhere; }
	tr.today td { background: #fff8e6; }
	.classes { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; }
	.class { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
	.class h4 { margin: 0 0 2px; font-size: 14px; }
	.class ul { margin: 4px 0 0; padding-left: 18px; }
	.sub { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin-top: 10px; }
	.empty { color: var(--muted); font-style: italic; }
	#error { display: none; color: #fff; background: var(--bad); padding: 6px 20px; }
</style>
</head>
<body>
<header>
	<h1>Mindbody sandbox console</h1>
	<span>Sandbox time <span id="clock-now" class="clock">…</span></span>
	<span id="clock-timers" class="muted"></span>
	<span class="row">
		<span class="muted">Move the clock:</span>
		<button id="advance-1m" data-ms="60000">+1 min</button>
		<button id="advance-15m" data-ms="900000">+15 min</button>
		<button id="advance-1h" data-ms="3600000">+1 hour</button>
		<button id="advance-1d" data-ms="86400000">+1 day</button>
	</span>
	<span id="updated" class="muted"></span>
</header>
<div id="error"></div>
<main>
	<section id="faults">
		<h2>Faults in force</h2>
		<div id="fault-list"></div>
		<form id="fault-form" class="row" style="margin-top:10px">
			<label>Kind <select name="kind">
				<option>rateLimit</option><option>serverError</option><option>badGateway</option><option>latency</option>
				<option>malformedJson</option><option>connectionReset</option><option>answerLost</option>
			</select></label>
			<label>Service <select name="service"><option value="">any</option><option>rest</option><option>webhooks</option></select></label>
			<label>Method <input name="method" size="6" placeholder="any"></label>
			<label>Path <input name="path" size="26" placeholder="any, e.g. /class/*"></label>
			<label>Times <input name="times" size="6" value="1" title="a number, or always"></label>
			<button type="submit" id="fault-add">Add fault</button>
		</form>
	</section>

	<section id="business">
		<h2>Business</h2>
		<div class="row">
			<label>Site <select id="site"></select></label>
			<label>Day <input id="day" type="date"></label>
			<span id="counts" class="muted"></span>
		</div>
		<h3>Classes of the day <span class="muted">(the studio's times; roster and waiting list)</span></h3>
		<div id="classes" class="classes"></div>
		<div class="grid2">
			<div><h3>Appointments of the day</h3><div id="appointments" class="wide"></div></div>
			<div><h3>Appointment requests waiting for approval <span class="muted">(every day; the chosen day's marked)</span></h3>
				<div id="appointment-requests" class="wide"></div></div>
		</div>
		<div class="grid2">
			<div><h3>Newest clients</h3><div id="clients" class="wide"></div></div>
			<div><h3>Newest sales</h3><div id="sales" class="wide"></div></div>
		</div>
	</section>

	<section id="requests">
		<h2>Requests <span class="muted" style="font-weight:400">(REST API and webhook service, newest first; keys, tokens and passwords masked)</span></h2>
		<div id="request-list" class="wide"></div>
	</section>

	<section id="identity">
		<h2>Sign in with Mindbody <span class="muted" style="font-weight:400">(OAuth sign-ins and tokens issued, newest first; tokens masked)</span></h2>
		<div id="identity-counts" class="muted"></div>
		<div id="identity-list" class="wide"></div>
	</section>

	<section id="webhooks">
		<h2>Webhook subscriptions and deliveries</h2>
		<div id="webhook-list"></div>
	</section>
</main>
<script>
(function () {
	var BASE = '/_sandbox';
	var state = { site: null, day: null, openBodies: {} };

	function esc(value) {
		return String(value == null ? '' : value).replace(/[&<>"']/g, function (c) {
			return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
		});
	}
	function time(iso) { return iso ? esc(String(iso).replace('T', ' ').replace('Z', '')) : ''; }
	function hhmm(iso) { return iso ? esc(String(iso).slice(11, 16)) : ''; }
	function statusBadge(status) {
		if (!status) return '<span class="badge warn">no answer</span>';
		var kind = status < 300 ? 'ok' : status < 500 ? 'warn' : 'bad';
		return '<span class="badge ' + kind + '">' + esc(status) + '</span>';
	}
	function table(heads, rows, empty, rowClass) {
		if (!rows.length) return '<p class="empty">' + esc(empty) + '</p>';
		return '<table><thead><tr>' + heads.map(function (h) { return '<th>' + esc(h) + '</th>'; }).join('') +
			'</tr></thead><tbody>' + rows.map(function (cells, index) {
				var kind = rowClass ? rowClass(index) : '';
				return '<tr' + (kind ? ' class="' + kind + '"' : '') + '>' + cells.map(function (c) { return '<td>' + c + '</td>'; }).join('') + '</tr>';
			}).join('') + '</tbody></table>';
	}
	function get(path) {
		return fetch(BASE + path, { cache: 'no-store' }).then(function (res) {
			if (!res.ok) return res.text().then(function (t) { throw new Error(path + ': ' + res.status + ' ' + t); });
			return res.json();
		});
	}
	function send(method, path, body) {
		return fetch(BASE + path, { method: method, headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body) }).then(function (res) {
			return res.json().then(function (json) {
				if (!res.ok) throw new Error(json && json.error ? json.error : method + ' ' + path + ': ' + res.status);
				return json;
			});
		});
	}
	// Redrawn only when changed, so what a reader selects or points at stays put between refreshes.
	var drawn = {};
	function put(id, html) {
		if (drawn[id] === html) return;
		drawn[id] = html;
		document.getElementById(id).innerHTML = html;
	}
	function showError(error) {
		var box = document.getElementById('error');
		box.textContent = error ? String(error.message || error) : '';
		box.style.display = error ? 'block' : 'none';
	}

	function renderClock(clock) {
		document.getElementById('clock-now').textContent = clock.now;
		var n = clock.pendingTimers.length;
		document.getElementById('clock-timers').textContent = n ? n + ' timer' + (n > 1 ? 's' : '') +
			' waiting, next at ' + clock.pendingTimers[0].replace('T', ' ').replace('Z', '') : 'no timers waiting';
	}

	function renderFaults(faults) {
		put('fault-list', table(['#', 'Kind', 'Service', 'Method', 'Path or operation', 'Left', 'Hits', ''],
			faults.map(function (f) {
				return [esc(f.id), '<b>' + esc(f.kind) + '</b>' + (f.retryAfter ? ' <span class="muted">Retry-After ' + esc(f.retryAfter) + ' s</span>' : '') +
					(f.latencyMs ? ' <span class="muted">' + esc(f.latencyMs) + ' ms</span>' : ''),
					esc(f.service || 'any'), esc(f.method || 'any'), '<span class="mono">' + esc(f.operation || f.path || 'any') + '</span>',
					esc(f.remaining === null || f.remaining > 1e9 ? 'always' : f.remaining) + (f.every ? ' <span class="muted">every ' + esc(f.every) + '</span>' : ''),
					esc(f.hits), '<button data-remove-fault="' + esc(f.id) + '">Remove</button>'];
			}), 'No faults: every request is answered by the service.'));
	}

	function renderBusiness(b) {
		var select = document.getElementById('site');
		if (!select.options.length) {
			select.innerHTML = b.sites.map(function (s) { return '<option value="' + esc(s.id) + '">' + esc(s.id + ' ' + s.name) + '</option>'; }).join('');
			select.value = String(b.site.id);
		}
		if (!state.day) { state.day = b.day; document.getElementById('day').value = state.day; }
		var c = b.counts;
		document.getElementById('counts').textContent = b.site.name + ' (' + b.site.timeZone + '): ' + c.clients + ' clients, ' +
			c.staff + ' staff, ' + c.locations + ' locations, ' + c.sales + ' sales; ' + c.classesThatDay + ' classes and ' +
			c.appointmentsThatDay + ' appointments on ' + b.day + '; ' + c.pendingAppointmentRequests + ' appointment requests waiting.';
		put('classes', b.classes.length ? b.classes.map(function (k) {
			var roster = k.roster.map(function (v) {
				var gone = v.status === 'Cancelled' || v.status === 'LateCancelled';
				return '<li' + (gone ? ' class="muted"' : '') + '>' + esc(v.name || v.clientId) + ' <span class="muted">#' + esc(v.clientId) + '</span>' +
					(v.status !== 'Booked' ? ' <span class="badge">' + esc(v.status) + '</span>' : '') + '</li>';
			}).join('');
			var waiting = k.waitingList.map(function (w) {
				return '<li>' + esc(w.name || w.clientId) + ' <span class="muted">#' + esc(w.clientId) + '</span></li>';
			}).join('');
			return '<div class="class" data-class-id="' + esc(k.id) + '"><h4>' + hhmm(k.start) + '–' + hhmm(k.end) + ' ' + esc(k.name) +
				(k.canceled ? ' <span class="badge bad">cancelled</span>' : '') + '</h4>' +
				'<div class="muted">Class ' + esc(k.id) + ' · ' + esc(k.staff) + ' · ' + esc(k.location) + '</div>' +
				'<div>Booked <b>' + esc(k.totalBooked) + '</b> of ' + esc(k.maxCapacity) + '</div>' +
				'<div><b>Roster</b>' + (roster ? '<ul class="roster">' + roster + '</ul>' : ' <span class="empty">no named bookings</span>') +
				(k.unnamedBookings ? '<div class="muted">+ ' + esc(k.unnamedBookings) + ' seeded booking' + (k.unnamedBookings > 1 ? 's' : '') + ' without a name</div>' : '') + '</div>' +
				'<div><b>Waiting list</b>' + (waiting ? '<ul class="waiting">' + waiting + '</ul>' : ' <span class="empty">empty</span>') + '</div></div>';
		}).join('') : '<p class="empty">No classes on this day.</p>');
		put('appointments', table(['Time', 'Client', 'Staff', 'Session type', 'Status'],
			b.appointments.map(function (a) {
				return [hhmm(a.start) + '–' + hhmm(a.end), esc(a.name) + ' <span class="muted">#' + esc(a.clientId) + '</span>', esc(a.staff), esc(a.sessionType), esc(a.status)];
			}), 'No appointments on this day.'));
		put('appointment-requests', table(['Request', 'When', 'Asks to', 'Client', 'Staff, session type'],
			b.appointmentRequests.map(function (r) {
				return [esc(r.id), esc(String(r.start).slice(0, 10)) + ' ' + hhmm(r.start) + '–' + hhmm(r.end) +
						'<div class="muted">asked ' + time(r.requested).slice(0, 16) + '</div>',
					(r.type === 'Cancellation' ? 'cancel <span class="muted">appointment ' + esc(r.appointmentId) + '</span>' : 'book') +
						(r.notes ? '<div class="muted">' + esc(r.notes) + '</div>' : ''),
					esc(r.name) + ' <span class="muted">#' + esc(r.clientId) + '</span>', esc(r.staff) + '<div class="muted">' + esc(r.sessionType) + '</div>'];
			}), 'No requests waiting.', function (index) {
				return String(b.appointmentRequests[index].start).slice(0, 10) === b.day ? 'today' : '';
			}));
		put('clients', table(['Client', 'Name', 'E-mail', 'Status', 'Created'],
			b.clients.map(function (c) {
				return ['<span class="mono">' + esc(c.clientId) + '</span>', esc(c.name), '<span class="brk">' + esc(c.email) + '</span>', esc(c.status), time(c.created).slice(0, 10)];
			}), 'No clients.'));
		put('sales', table(['Sale', 'When', 'Client', 'Items', 'Total'],
			b.sales.map(function (s) {
				return [esc(s.id), time(s.at), esc(s.name) + ' <span class="muted">#' + esc(s.clientId) + '</span>', esc(s.items.join(', ')), esc(s.total.toFixed(2))];
			}), 'No sales.'));
	}

	function renderRequests(list) {
		put('request-list', table(['#', 'Time', 'Service', 'Method', 'Path', 'Status', 'API key', 'Token holder'],
			list.map(function (r) {
				var c = r.caller || {};
				var key = c.apiKey ? esc(c.source || 'unknown key') + ' <span class="mono muted">' + esc(c.apiKey) + '</span>' : '<span class="muted">none</span>';
				var holder = c.holder ? esc(c.holder) + ' <span class="mono muted">' + esc(c.token) + '</span>'
					: c.login ? '<span class="muted">logging in as</span> ' + esc(c.login) : '<span class="muted">none</span>';
				return [esc(r.seq), time(r.at).slice(11), esc(r.service), '<b>' + esc(r.method) + '</b>',
					'<span class="mono brk">' + esc(r.path + (r.query ? '?' + r.query : '')) + '</span>' + (r.operation ? '<div class="muted">' + esc(r.operation) + '</div>' : '') +
						(r.body ? '<details class="body" data-seq="' + esc(r.seq) + '"' + (state.openBodies[r.seq] ? ' open' : '') + '><summary>Body</summary><pre class="mono">' +
							esc(r.body) + '</pre></details>' : ''),
					(r.status ? statusBadge(r.status) : '<span class="badge bad">no answer</span>') + (r.fault ? ' <span class="badge warn">fault: ' + esc(r.fault) + '</span>' : ''),
					key, holder];
			}), 'No requests yet.'));
	}

	function renderWebhooks(w) {
		var html = '<p class="muted">' + esc(w.pendingRetries) + ' resend' + (w.pendingRetries === 1 ? '' : 's') +
			' waiting on the clock (every 15 minutes for 3 hours after the first attempt).</p>';
		if (!w.subscriptions.length) html += '<p class="empty">No subscriptions.</p>';
		html += w.subscriptions.map(function (s) {
			var kind = s.status === 'Active' ? 'ok' : s.status === 'PendingActivation' ? 'warn' : 'bad';
			var m = s.metrics || {};
			var rows = s.deliveries.map(function (d, index) {
				// A failed attempt waits for a resend until a later attempt of its message is made.
				var resent = d.outcome === 'retrying' && s.deliveries.slice(index + 1).some(function (later) {
					return later.messageId === d.messageId && !later.duplicate;
				});
				var shownOutcome = resent ? 'failed, resent' : d.outcome === 'retrying' ? 'failed, resend waiting' : d.outcome;
				var outcome = d.outcome === 'delivered' ? 'ok' : d.outcome === 'retrying' ? 'warn' : 'bad';
				return [time(d.at).slice(11), esc(d.eventId), '<span class="mono">' + esc(d.messageId.slice(0, 8)) + '…</span>',
					esc(d.attempt) + (d.attempt > 1 ? ' <span class="muted">(resend)</span>' : '') + (d.duplicate ? ' <span class="muted">(duplicate)</span>' : ''),
					d.status ? statusBadge(d.status) : '<span class="badge bad">' + esc(d.error || 'no answer') + '</span>',
					'<span class="badge ' + outcome + '">' + esc(shownOutcome) + '</span>',
					'<span class="mono" title="' + esc(d.signatureHeader) + '">X-Mindbody-Signature: ' + esc(d.signatureHeader.slice(0, 22)) + '…</span>'];
			});
			return '<div class="sub" data-subscription-id="' + esc(s.subscriptionId) + '"><div class="row"><b class="mono">' + esc(s.subscriptionId) + '</b>' +
				'<span class="badge ' + kind + '">' + esc(s.status) + '</span><span class="muted">owner ' + esc(s.owner) + '</span>' +
				'<span class="muted">signature key <span class="mono">' + esc(s.signatureKey || '') + '</span></span></div>' +
				'<div class="mono">' + esc(s.webhookUrl) + '</div>' +
				'<div>Events: ' + esc(s.eventIds.join(', ')) + (s.referenceId ? ' <span class="muted">reference ' + esc(s.referenceId) + '</span>' : '') + '</div>' +
				'<div class="muted">Attempted ' + esc(m.messagesAttempted) + ', delivered ' + esc(m.messagesDelivered) + ', undelivered ' +
				esc(m.messagesUndelivered) + ', failed ' + esc(m.messagesFailed) + ' · status changed ' + time(s.statusChangeDate) + ' by ' + esc(s.statusChangeUser) +
				(s.statusChangeMessage ? ': ' + esc(s.statusChangeMessage) : '') + '</div>' +
				'<h3>Deliveries</h3>' + table(['Time', 'Event', 'Message', 'Attempt', 'Answer', 'Outcome', 'Signature header'], rows, 'Nothing delivered yet.') + '</div>';
		}).join('');
		put('webhook-list', html);
	}

	function renderIdentity(o) {
		var c = o.counts;
		put('identity-counts', esc(c.signIns) + ' sign-in' + (c.signIns === 1 ? '' : 's') + ', ' + esc(c.tokensIssued) + ' token answer' +
			(c.tokensIssued === 1 ? '' : 's') + ' (' + esc(c.refreshes) + ' by refresh), ' + esc(c.refused) + ' refused, ' + esc(c.revoked) + ' revoked');
		put('identity-list', table(['Time', 'Event', 'User', 'Client', 'Site', 'Grant', 'Tokens', 'Detail'],
			o.entries.map(function (e) {
				var tokens = [e.accessToken ? 'access <span class="mono">' + esc(e.accessToken) + '</span>' : '',
					e.refreshToken ? 'refresh <span class="mono">' + esc(e.refreshToken) + '</span>' : ''].filter(Boolean).join('<br>');
				var kind = /Refused|Cancelled/.test(e.kind) ? 'bad' : e.kind === 'revoked' ? 'warn' : 'ok';
				return [time(e.at).slice(11), '<span class="badge ' + kind + '">' + esc(e.kind) + '</span>', esc(e.user), '<span class="mono">' + esc(e.clientId) + '</span>',
					esc(e.siteId), esc(e.grantType), tokens, esc([e.error, e.detail].filter(Boolean).join(': ')) +
					(e.fields ? '<div class="muted">sent ' + esc(e.fields.join(', ')) + '</div>' : '')];
			}), 'No sign-ins yet.', function (index) { return 'identity-' + o.entries[index].kind; }));
	}

	var busy = false;
	function refresh() {
		if (busy) return Promise.resolve();
		busy = true;
		return get('/clock').then(function (clock) {
			renderClock(clock);
			var site = state.site ? '&siteId=' + encodeURIComponent(state.site) : '';
			return Promise.all([
				get('/faults').then(renderFaults),
				get('/overview/business?' + (state.day ? 'day=' + encodeURIComponent(state.day) : '') + site).then(renderBusiness),
				get('/overview/requests?limit=60').then(renderRequests),
				get('/overview/webhooks').then(renderWebhooks),
				get('/overview/identity').then(renderIdentity),
			]);
		}).then(function () {
			showError(null);
			document.getElementById('updated').textContent = 'read every 2 s, last ' + new Date().toLocaleTimeString();
			document.body.setAttribute('data-loaded', String(Date.now()));
		}).catch(showError).then(function () { busy = false; });
	}

	document.querySelectorAll('button[data-ms]').forEach(function (button) {
		button.addEventListener('click', function () {
			button.disabled = true;
			send('POST', '/clock/advance', { ms: Number(button.getAttribute('data-ms')) })
				.then(refresh).catch(showError).then(function () { button.disabled = false; });
		});
	});
	document.getElementById('fault-list').addEventListener('click', function (event) {
		var id = event.target && event.target.getAttribute('data-remove-fault');
		if (id) send('DELETE', '/faults/' + id).then(refresh).catch(showError);
	});
	document.getElementById('fault-form').addEventListener('submit', function (event) {
		event.preventDefault();
		var form = new FormData(event.target);
		var spec = { kind: form.get('kind') };
		['service', 'method', 'path'].forEach(function (name) { if (form.get(name)) spec[name] = form.get(name); });
		var times = String(form.get('times') || '').trim();
		if (times) spec.times = times === 'always' ? 'always' : Number(times);
		send('POST', '/faults', spec).then(refresh).catch(showError);
	});
	// A body opened stays open when the list is redrawn (toggle does not bubble: caught on the way down).
	document.getElementById('request-list').addEventListener('toggle', function (event) {
		var seq = event.target && event.target.getAttribute && event.target.getAttribute('data-seq');
		if (!seq) return;
		if (event.target.open) state.openBodies[seq] = true;
		else delete state.openBodies[seq];
	}, true);
	document.getElementById('site').addEventListener('change', function (event) { state.site = event.target.value; refresh(); });
	document.getElementById('day').addEventListener('change', function (event) { state.day = event.target.value || state.day; refresh(); });

	refresh();
	setInterval(refresh, 2000);
})();
</script>
</body>
</html>
`;
