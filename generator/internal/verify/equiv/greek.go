package equiv

// Greek letters in expressions: the names of their LaTeX commands.

// greek lists the LaTeX commands of Greek letters read as variables.
var greek = map[string]bool{
	"alpha": true, "beta": true, "gamma": true, "delta": true, "epsilon": true, "varepsilon": true, "zeta": true, "eta": true,
	"theta": true, "vartheta": true, "iota": true, "kappa": true, "lambda": true, "nu": true, "xi": true, "rho": true,
	"sigma": true, "tau": true, "upsilon": true, "phi": true, "varphi": true, "chi": true, "psi": true, "omega": true,
	"Gamma": true, "Delta": true, "Theta": true, "Lambda": true, "Xi": true, "Sigma": true, "Phi": true, "Psi": true, "hbar": true, "ell": true,
}

// greekRunes names the Greek letters as their LaTeX commands do, so that β
// and \beta are one variable (ε, ϵ, \epsilon and \varepsilon too). μ and Ω
// are left out: they write micro and ohm as well.
var greekRunes = map[rune]string{
	'α': "alpha", 'β': "beta", 'γ': "gamma", 'δ': "delta", 'ε': "epsilon", 'ϵ': "epsilon", 'ζ': "zeta", 'η': "eta",
	'θ': "theta", 'ϑ': "theta", 'ι': "iota", 'κ': "kappa", 'λ': "lambda", 'ν': "nu", 'ξ': "xi", 'ρ': "rho",
	'σ': "sigma", 'τ': "tau", 'υ': "upsilon", 'φ': "phi", 'ϕ': "phi", 'χ': "chi", 'ψ': "psi", 'ω': "omega",
	'Γ': "Gamma", 'Δ': "Delta", 'Θ': "Theta", 'Λ': "Lambda", 'Ξ': "Xi", 'Σ': "Sigma", 'Φ': "Phi", 'Ψ': "Psi",
}
