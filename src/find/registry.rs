//! IANA's URI scheme registry, permanent and provisional: written by
//! `tests/data/iana/generate.py` from the copies in `tests/data/iana/`
//! (the npm package `schemes` 1.4.0, published 2024-12-04; MIT).
//! Do not edit: change the data and run the generator.

/// The registered scheme names, lower case, sorted.
#[rustfmt::skip]
pub(super) const REGISTERED: &[&str] = &[
    "aaa", "aaas", "about", "acap", "acct", "acr", "adiumxtra", "afp", "afs", "aim", "appdata",
    "apt", "attachment", "aw", "barion", "beshare", "bitcoin", "blob", "bolo", "callto", "cap",
    "chrome", "chrome-extension", "cid", "coap", "coaps", "com-eventbrite-attendee", "content",
    "crid", "cvs", "data", "dav", "dict", "dis", "dlna-playcontainer", "dlna-playsingle", "dns",
    "dntp", "dtn", "dvb", "ed2k", "example", "facetime", "feed", "feedready", "file", "finger",
    "fish", "ftp", "geo", "gg", "git", "gizmoproject", "go", "gopher", "gtalk", "h323", "ham",
    "hcp", "http", "https", "iax", "icap", "icon", "im", "imap", "info", "iotdisco", "ipn", "ipp",
    "ipps", "irc", "irc6", "ircs", "iris", "iris.beep", "iris.lwz", "iris.xpc", "iris.xpcs",
    "isostore", "itms", "jabber", "jar", "jms", "keyparc", "lastfm", "ldap", "ldaps", "magnet",
    "mailto", "maps", "market", "message", "mid", "mms", "ms-access", "ms-drive-to",
    "ms-enrollment", "ms-excel", "ms-getoffice", "ms-help", "ms-infopath", "ms-media-stream-id",
    "ms-powerpoint", "ms-project", "ms-publisher", "ms-search-repair",
    "ms-secondary-screen-controller", "ms-secondary-screen-setup", "ms-settings",
    "ms-settings-airplanemode", "ms-settings-bluetooth", "ms-settings-camera",
    "ms-settings-cellular", "ms-settings-cloudstorage", "ms-settings-connectabledevices",
    "ms-settings-displays-topology", "ms-settings-emailandaccounts", "ms-settings-language",
    "ms-settings-location", "ms-settings-lock", "ms-settings-nfctransactions",
    "ms-settings-notifications", "ms-settings-power", "ms-settings-privacy",
    "ms-settings-proximity", "ms-settings-screenrotation", "ms-settings-wifi",
    "ms-settings-workplace", "ms-spd", "ms-transit-to", "ms-visio", "ms-walk-to", "ms-word",
    "msnim", "msrp", "msrps", "mtqp", "mumble", "mupdate", "mvn", "news", "nfs", "ni", "nih",
    "nntp", "notes", "oid", "opaquelocktoken", "palm", "paparazzi", "pkcs11", "platform", "pop",
    "pres", "proxy", "psyc", "query", "redis", "rediss", "reload", "res", "resource", "rmi",
    "rsync", "rtmfp", "rtmp", "rtsp", "rtsps", "rtspu", "secondlife", "service", "session", "sftp",
    "sgn", "shttp", "sieve", "sip", "sips", "skype", "smb", "sms", "smtp", "snmp", "soap.beep",
    "soap.beeps", "soldat", "spotify", "ssh", "steam", "stun", "stuns", "submit", "svn", "tag",
    "teamspeak", "tel", "teliaeid", "telnet", "tftp", "things", "thismessage", "tip", "tn3270",
    "tool", "turn", "turns", "tv", "udp", "unreal", "urn", "ut2004", "v-event", "vemmi",
    "ventrilo", "view-source", "vnc", "webcal", "wpid", "ws", "wss", "wtai", "wyciwyg", "xcon",
    "xcon-userid", "xfire", "xmlrpc.beep", "xmlrpc.beeps", "xmpp", "xri", "ymsgr", "z39.50r",
    "z39.50s",
];
